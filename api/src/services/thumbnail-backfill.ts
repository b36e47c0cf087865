import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readAll } from '../engines/read-all';
import { smallerThumbnails } from '../media/pipeline';
import { mediaKeys } from '../storage/keys';
import type { Storage } from '../storage/storage';

/** Rows read at a time; each image is made in the pipeline's turn, one after another. */
const BATCH = 20;

interface BackfillOptions {
  /** Asked before each image: a closing app stops between images, never inside one. */
  stopped?: () => boolean;
  /** Told of an image that could not be done (its web image missing or unreadable); it is left as it is. */
  onSkip?: (imageId: string, error: unknown) => void;
}

/**
 * Gives images stored before migrations 0010 and 0011 the 384- and 256-pixel thumbnails that
 * every image processed since has, so their tiles load the size they draw too. Pages through the
 * images lacking one by id, so an image that cannot be done is passed once per run, not retried
 * forever. Returns how many images it completed.
 */
export async function backfillThumbnails(
  db: Kysely<Database>,
  storage: Storage,
  { stopped = () => false, onSkip }: BackfillOptions = {},
): Promise<number> {
  let after = '';
  let completed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('media')
      .select(['id', 'user_id'])
      .where('status', '=', 'ready')
      .where((eb) => eb.or([eb('small_thumbnail', '=', 0), eb('medium_thumbnail', '=', 0)]))
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      if (stopped()) return completed;
      after = row.id;
      try {
        if (await backfillOne(db, storage, row.user_id, row.id)) completed += 1;
      } catch (error) {
        onSkip?.(row.id, error);
      }
    }
    if (rows.length < BATCH) return completed;
  }
}

async function backfillOne(
  db: Kysely<Database>,
  storage: Storage,
  userId: string,
  id: string,
): Promise<boolean> {
  const keys = mediaKeys(userId, id);
  const web = await storage.read(keys.web);
  if (!web) throw new Error('the web image is missing');
  const { mediumThumbnail, smallThumbnail } = await smallerThumbnails(await readAll(web.stream));
  await Promise.all([
    storage.put(keys.mediumThumbnail, mediumThumbnail.data, mediumThumbnail.contentType),
    storage.put(keys.smallThumbnail, smallThumbnail.data, smallThumbnail.contentType),
  ]);
  const updated = await db
    .updateTable('media')
    .set({ small_thumbnail: 1, medium_thumbnail: 1 })
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return true;
  // Deleted while its thumbnails were made: leave nothing behind it.
  await Promise.all([storage.delete(keys.mediumThumbnail), storage.delete(keys.smallThumbnail)]);
  return false;
}
