import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MediaService } from './media';

/**
 * A presigned upload target lives 15 minutes; a row still waiting for its bytes an hour after it
 * was handed out (the client gave up, or the process died while receiving) can never complete.
 */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes presigned-upload rows whose bytes never arrived, with anything stored under them, so
 * they neither pile up nor count as photos. Returns the ids removed.
 */
export async function sweepAbandonedUploads(
  db: Kysely<Database>,
  media: MediaService,
  now = new Date(),
): Promise<string[]> {
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS).toISOString();
  const rows = await db
    .deleteFrom('media')
    .where('status', 'in', ['pending', 'receiving'])
    .where('created_at', '<', before)
    .returning(['id', 'user_id'])
    .execute();
  for (const row of rows) await media.deleteFiles(row.user_id, row.id);
  return rows.map((row) => row.id);
}
