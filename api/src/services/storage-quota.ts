import { storageQuotaExceeded } from '@app/shared/spec';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { payloadTooLarge } from '../http-errors';
import type { ImageFile, ProcessedImage } from '../media/pipeline';

/** Every file the pipeline makes of one image: what storing it takes. */
export function storedSize(image: ProcessedImage<Buffer | ImageFile>): number {
  const original = image.original.data;
  return (
    (Buffer.isBuffer(original) ? original.length : original.size) +
    image.web.data.length +
    image.thumbnail.data.length +
    image.mediumThumbnail.data.length +
    image.smallThumbnail.data.length
  );
}

/**
 * Each user's storage (STORAGE_QUOTA_MB): what their rows say their files take (media items,
 * the profile picture, edits' inputs). Checked before anything is stored, so a refusal loses
 * nothing: uploads, profile pictures and new generations stop with 413 and the spec-style text.
 */
export class StorageQuota {
  constructor(
    private readonly db: Kysely<Database>,
    readonly quotaBytes: number,
  ) {}

  async used(userId: string): Promise<number> {
    const { rows } = await sql<{ used: number | string }>`
      SELECT CAST(
        COALESCE((SELECT sum(COALESCE(stored_bytes, bytes, 0)) FROM media
                  WHERE user_id = ${userId}), 0)
        + COALESCE((SELECT sum(input_bytes) FROM jobs WHERE user_id = ${userId}), 0)
        + COALESCE((SELECT profile_picture_bytes FROM users WHERE id = ${userId}), 0)
      AS bigint) AS used`.execute(this.db);
    return Number(rows[0]?.used ?? 0);
  }

  /**
   * Refuses (413) when storing `adding` bytes, after removing `freeing`, would go over the
   * quota, and anything at all once it is used up (a generation's size is known only after it).
   */
  async assertRoom(userId: string, adding = 0, freeing = 0): Promise<void> {
    const used = (await this.used(userId)) - freeing;
    if (used >= this.quotaBytes || used + adding > this.quotaBytes) {
      throw payloadTooLarge(storageQuotaExceeded(this.quotaBytes));
    }
  }
}
