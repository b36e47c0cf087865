import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MediaService } from './media';

/**
 * A presigned upload target lives 15 minutes; a row still waiting for its bytes an hour after it
 * was handed out (the client gave up, or the process died while receiving) can never complete.
 */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes presigned-upload rows whose bytes never arrived or were refused, with anything stored
 * under them, so they neither pile up nor count as photos. Returns the ids removed.
 *
 * A direct upload (S3) is only checked when the photo is next used, so an old pending row may
 * have its bytes in the bucket: those are checked now and kept. A row this old still
 * 'receiving' lost its process in the middle of a check and gets another. A user whose checks
 * fail (storage unreachable) keeps their rows until the next sweep.
 */
export async function sweepAbandonedUploads(
  db: Kysely<Database>,
  media: MediaService,
  now = new Date(),
): Promise<string[]> {
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS).toISOString();
  const stale = db
    .selectFrom('media')
    .select(['id', 'user_id', 'status'])
    .where('status', 'in', ['pending', 'receiving'])
    .where('created_at', '<', before);
  const unchecked = new Set<string>();
  if (media.hasDirectUploads) {
    const rows = await stale.execute();
    const interrupted = rows.filter((row) => row.status === 'receiving').map((row) => row.id);
    if (interrupted.length > 0) {
      await db
        .updateTable('media')
        .set({ status: 'pending' })
        .where('id', 'in', interrupted)
        .where('status', '=', 'receiving')
        .execute();
    }
    for (const userId of new Set(rows.map((row) => row.user_id))) {
      const ids = rows.filter((row) => row.user_id === userId).map((row) => row.id);
      await media.finalizeUploads(userId, ids).catch(() => unchecked.add(userId));
    }
  }
  const abandoned = (await stale.execute()).filter((row) => !unchecked.has(row.user_id));
  // Refused uploads kept their reason for the client long enough; their bytes are gone already.
  const refused = await db
    .selectFrom('media')
    .select(['id', 'user_id', 'status'])
    .where('status', '=', 'failed')
    .where('created_at', '<', before)
    .execute();
  const removable = [...abandoned, ...refused];
  if (removable.length === 0) return [];
  const removed = await db
    .deleteFrom('media')
    .where(
      'id',
      'in',
      removable.map((row) => row.id),
    )
    .where('status', 'in', ['pending', 'receiving', 'failed'])
    .returning(['id', 'user_id'])
    .execute();
  for (const row of removed) await media.deleteFiles(row.user_id, row.id);
  return removed.map((row) => row.id);
}
