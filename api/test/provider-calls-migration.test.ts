import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import type { Database } from '../src/db/schema';
import { makeTempDir, removeDir } from './helpers';
import { databaseOf } from './support/job-db';
import { createPostgresDatabase, DIALECTS } from './support/test-database';

describe.each(DIALECTS)('provider calls migration (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('moves the provider job id of every job in flight into its first call', async () => {
    const dir = await makeTempDir();
    cleanups.push(() => removeDir(dir));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    if (postgres) cleanups.push(() => postgres.drop());
    const db = openDatabase(databaseOf(postgres?.url ?? `sqlite:${join(dir, 'db.sqlite')}`));
    cleanups.push(() => db.destroy());

    // The schema as a deployment has it before 0018, with a Replicate training waiting.
    const before = Object.entries(migrations).filter(([name]) => name < '0018_provider_calls');
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            before.map(([name, migration]) => [
              name,
              { up: (on: Kysely<unknown>) => migration.up(on, dialect) },
            ]),
          ),
      },
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const now = new Date().toISOString();
    await sql`INSERT INTO users (id, identity_sub, email, created_at, updated_at)
      VALUES ('u1', 'u1', 'u1@example.com', ${now}, ${now})`.execute(db);
    for (const [id, provider] of [
      ['waiting', 'r-training-1'],
      ['local', null],
    ] as const) {
      await sql`INSERT INTO jobs (id, user_id, kind, status, input, run_after, created_at,
          updated_at, provider_job_id)
        VALUES (${id}, 'u1', 'train', 'running', '{}', ${now}, ${now}, ${now}, ${provider})`.execute(
        db,
      );
    }

    await migrateToLatest(db as Kysely<Database>, dialect);
    expect(await db.selectFrom('provider_calls').selectAll().execute()).toEqual([
      { job_id: 'waiting', part: 0, provider_job_id: 'r-training-1' },
    ]);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'jobs');
    expect(columns?.columns.map((column) => column.name)).not.toContain('provider_job_id');
  });
});
