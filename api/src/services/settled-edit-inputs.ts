import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Storage } from '../storage/storage';

/** An edit's photo and mask are needed until its job has ended, and no longer. */
const ENDED = ['succeeded', 'failed', 'canceled'];

/**
 * Removes the stored inputs (image and mask) of edits whose job has ended, and stops counting
 * them in their user's storage. Returns how many jobs' inputs it removed. The files go first:
 * a run interrupted between the two steps finds the job again and removes nothing twice.
 */
export async function sweepSettledEditInputs(
  db: Kysely<Database>,
  storage: Pick<Storage, 'deletePrefix'>,
): Promise<number> {
  const settled = await db
    .selectFrom('jobs')
    .select(['id', 'input'])
    .where('kind', '=', 'edit')
    .where('status', 'in', ENDED)
    .where('input_bytes', '>', 0)
    .execute();
  for (const job of settled) {
    const { imageKey } = JSON.parse(job.input) as { imageKey?: string };
    const folder = imageKey?.slice(0, imageKey.lastIndexOf('/') + 1);
    if (folder) await storage.deletePrefix(folder);
    await db.updateTable('jobs').set({ input_bytes: 0 }).where('id', '=', job.id).execute();
  }
  return settled.length;
}
