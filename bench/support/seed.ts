/**
 * A gallery written straight into the api's database (the same migrations), so a benchmark starts
 * from N ready images without uploading them: one user, whose token the test issuer signs.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../api/src/db/database';
import { migrateToLatest } from '../../api/src/db/migrate';
import type { TestUser } from '../../api/test/support/tokens';

/** The seconds between two seeded images: distinct created_at values, oldest first. */
const STEP_MS = 1000;

export async function seedGallery(dataDir: string, user: TestUser, images: number): Promise<void> {
  const database = { kind: 'sqlite', file: join(dataDir, 'studio.sqlite') } as const;
  const db = openDatabase(database);
  try {
    await migrateToLatest(db, database.kind);
    const now = Date.now();
    const userId = randomUUID();
    await db
      .insertInto('users')
      .values({
        id: userId,
        identity_sub: user.sub,
        email: user.email,
        name: user.name,
        email_verified: 1,
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .execute();
    const start = now - images * STEP_MS;
    for (let first = 0; first < images; first += 500) {
      const rows = Array.from({ length: Math.min(500, images - first) }, (_, offset) => {
        const index = first + offset;
        return {
          id: randomUUID(),
          user_id: userId,
          // Most of a gallery is generated; every fifth image a training photo.
          type: index % 5 === 0 ? 'training' : 'generated',
          status: 'ready',
          filename: `image-${index}.jpg`,
          content_type: 'image/jpeg',
          caption: '',
          prompt: index % 5 === 0 ? null : `a portrait of tok person, number ${index}`,
          aspect_ratio: index % 5 === 0 ? null : '1:1',
          mode: index % 5 === 0 ? null : 'text-to-image',
          job_id: null,
          width: 1024,
          height: 1024,
          bytes: 250_000,
          created_at: new Date(start + index * STEP_MS).toISOString(),
          seed: index % 5 === 0 ? null : index,
          model_ids: index % 5 === 0 ? null : JSON.stringify([randomUUID()]),
          engine: index % 5 === 0 ? null : 'builtin-cpu',
          identity_score: index % 5 === 0 ? null : 0.8,
          failure_reason: null,
        };
      });
      await db.insertInto('media').values(rows).execute();
    }
  } finally {
    await db.destroy();
  }
}
