import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { MediaStatus, MediaType } from '@app/shared/contract/media';
import { API_TEXT, FILE_TEXT, hasUnsafeCharacters, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MediaTable } from '../db/schema';
import { isRefusal, notFound, payloadTooLarge } from '../http-errors';
import type { JobCompletion } from '../jobs/completion';
import type { Job, JobQueue } from '../jobs/queue';
import { processImageFile, type ImageFile, type ProcessedImage } from '../media/pipeline';
import type { TempFiles } from '../media/temp-files';
import { incomingKey, mediaKeys } from '../storage/keys';
import type { Storage, StorageBody } from '../storage/storage';
import { storedSize, type StorageQuota } from './storage-quota';

export type MediaRow = Selectable<MediaTable>;

/**
 * A display name only: no directories, no control or text-direction characters (a file name is
 * what the browser says it is, so it is cleaned rather than refused), bounded length.
 */
function cleanFilename(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((char) => !hasUnsafeCharacters(char))
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'image' : clean;
}

interface MediaPage {
  items: MediaRow[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Opaque to clients: the (created_at, id) of the last item of a page. */
function encodeCursor(row: MediaRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): [string, string] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((part) => typeof part === 'string' && !hasUnsafeCharacters(part))
    ) {
      return value as [string, string];
    }
  } catch {
    // fall through: a malformed cursor is the caller's mistake
  }
  return undefined;
}

/** Training photos are checked when they arrive; other images never are. */
function checkedOnUpload(type: string): 'pending' | null {
  return type === 'training' ? 'pending' : null;
}

/**
 * A training photo's check ends on its row: the problem found (or 'ok'), written with the job's
 * end; a check that could not run leaves the photo unchecked (null), as a training checks again.
 */
export const photoCheckCompletion: JobCompletion<'check-photo'> = {
  async succeeded(db, job, { details }) {
    await db
      .updateTable('media')
      .set({ photo_check: details?.problem ?? 'ok', photo_score: details?.score ?? null })
      .where('id', '=', job.input.mediaId)
      .execute();
  },
  async ended(db, job) {
    await db
      .updateTable('media')
      .set({ photo_check: null })
      .where('id', '=', job.input.mediaId)
      .where('photo_check', '=', 'pending')
      .execute();
  },
};

export class MediaService {
  /** Finalizations running in this process, so concurrent callers wait for the same one. */
  private readonly finalizing = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: Storage,
    private readonly tempFiles: TempFiles,
    private readonly jobs: JobQueue,
    private readonly quota: StorageQuota,
  ) {}

  /**
   * A training photo that just became ready gets the face check a training makes, as a job: it
   * runs where the engines run, after the upload has been answered ('pending' until it ends).
   * Call inside the transaction that makes the row ready, with the row's new `photo_check`.
   */
  private async requestCheck(
    trx: Kysely<Database>,
    row: Pick<MediaRow, 'id' | 'user_id' | 'photo_check'>,
  ): Promise<void> {
    if (row.photo_check !== 'pending') return;
    await this.jobs.enqueue(
      { userId: row.user_id, kind: 'check-photo', input: { mediaId: row.id } },
      trx,
    );
  }

  /** The ready previews of one of the user's models, oldest first. */
  previewsOf(userId: string, modelId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('preview_of', '=', modelId)
      .where('status', '=', 'ready')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findOwned(userId: string, id: string): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async findManyOwned(userId: string, ids: readonly string[]): Promise<MediaRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .execute();
  }

  private async putDerivatives(
    userId: string,
    id: string,
    image: ProcessedImage<Buffer | ImageFile>,
  ): Promise<void> {
    const keys = mediaKeys(userId, id);
    const original = image.original.data;
    const originalBody: StorageBody = Buffer.isBuffer(original)
      ? original
      : { stream: createReadStream(original.path), size: original.size };
    const puts = await Promise.allSettled([
      this.storage.put(keys.original, originalBody, image.original.contentType),
      this.storage.put(keys.web, image.web.data, image.web.contentType),
      this.storage.put(keys.thumbnail, image.thumbnail.data, image.thumbnail.contentType),
      this.storage.put(
        keys.mediumThumbnail,
        image.mediumThumbnail.data,
        image.mediumThumbnail.contentType,
      ),
      this.storage.put(
        keys.smallThumbnail,
        image.smallThumbnail.data,
        image.smallThumbnail.contentType,
      ),
    ]);
    // Settled, not raced: the caller removes what was stored, and a put still running then
    // would leave its file behind.
    const failed = puts.find((put) => put.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * Stores an already-checked image and its row, created now, status ready. An upload (a
   * training photo) must fit in the user's storage; a generated image was checked for room when
   * its job was queued.
   */
  async create(
    userId: string,
    image: ProcessedImage,
    fields: {
      type: MediaType;
      filename: string;
      caption?: string;
      prompt?: string;
      aspectRatio?: string;
      mode?: string;
      jobId?: string;
      seed?: number;
      modelIds?: readonly string[];
      engine?: string;
      identityScore?: number | null;
      /** A preview: the model in training it previews. */
      previewOf?: string;
    },
  ): Promise<MediaRow> {
    const id = randomUUID();
    const stored = storedSize(image);
    if (fields.type === 'training') await this.quota.assertRoom(userId, stored);
    const row = {
      id,
      user_id: userId,
      type: fields.type,
      status: 'ready',
      filename: cleanFilename(fields.filename),
      content_type: image.original.contentType,
      caption: fields.caption ?? '',
      prompt: fields.prompt ?? null,
      aspect_ratio: fields.aspectRatio ?? null,
      mode: fields.mode ?? null,
      job_id: fields.jobId ?? null,
      width: image.width,
      height: image.height,
      bytes: image.original.data.length,
      stored_bytes: stored,
      created_at: new Date().toISOString(),
      seed: fields.seed ?? null,
      model_ids: fields.modelIds ? JSON.stringify(fields.modelIds) : null,
      engine: fields.engine ?? null,
      identity_score: fields.identityScore ?? null,
      failure_reason: null,
      photo_check: checkedOnUpload(fields.type),
      small_thumbnail: 1,
      medium_thumbnail: 1,
      hd_job_id: null,
      hd_bytes: null,
      preview_of: fields.previewOf ?? null,
      photo_score: null,
    };
    try {
      await this.putDerivatives(userId, id, image);
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('media').values(row).execute();
        await this.requestCheck(trx, row);
      });
    } catch (error) {
      // No row refers to these files (a failed write, a user deleted meanwhile): nothing would
      // ever remove them.
      await this.deleteFiles(userId, id).catch(() => undefined);
      throw error;
    }
    return row;
  }

  /** Rows for presigned uploads: the bytes arrive later at the signed PUT target. */
  async createPending(
    userId: string,
    files: readonly { filename: string; contentType: string }[],
  ): Promise<MediaRow[]> {
    // The sizes are known when the bytes arrive (checked again then); none fit in a full store.
    await this.quota.assertRoom(userId);
    const createdAt = new Date().toISOString();
    const rows = files.map((file) => ({
      id: randomUUID(),
      user_id: userId,
      type: 'training',
      status: 'pending',
      filename: cleanFilename(file.filename),
      content_type: file.contentType.toLowerCase(),
      caption: '',
      prompt: null,
      aspect_ratio: null,
      mode: null,
      job_id: null,
      width: null,
      height: null,
      bytes: null,
      stored_bytes: null,
      created_at: createdAt,
      seed: null,
      model_ids: null,
      engine: null,
      identity_score: null,
      failure_reason: null,
      photo_check: null,
      // Made when the bytes arrive (completePending).
      small_thumbnail: 0,
      medium_thumbnail: 0,
      hd_job_id: null,
      hd_bytes: null,
      preview_of: null,
      photo_score: null,
    }));
    if (rows.length > 0) await this.db.insertInto('media').values(rows).execute();
    return rows;
  }

  /** Any user's: the signed upload URL, checked before this, is the permission. */
  findForUpload(id: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Moves a pending row to 'receiving' so two PUTs to the same target cannot both store bytes.
   * `retryRefused`: a refused ('failed') row may be claimed too, for a corrected retry to the
   * same target. false: it could not be claimed (already received, or being received).
   */
  async claimPending(id: string, { retryRefused = false } = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ status: 'receiving', failure_reason: null })
      .where('id', '=', id)
      .where('status', 'in', retryRefused ? ['pending', 'failed'] : ['pending'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The bytes did not (fully) arrive, or could not be stored: the upload may come again. */
  async releaseClaim(id: string): Promise<void> {
    await this.db.updateTable('media').set({ status: 'pending' }).where('id', '=', id).execute();
  }

  /**
   * The bytes arrived and were refused: not a media item (listings leave it out), but the row
   * keeps the reason for the client that uploaded it until the abandoned-upload sweep.
   */
  async refuseUpload(id: string, reason: string): Promise<void> {
    await this.db
      .updateTable('media')
      .set({ status: 'failed', failure_reason: reason })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The received bytes passed: the claimed (`receiving`) row becomes a ready image with its files.
   * 404 when the image was deleted while they arrived, and nothing is kept.
   */
  async completePending(
    row: MediaRow,
    image: ProcessedImage<Buffer | ImageFile>,
  ): Promise<MediaRow> {
    const stored = storedSize(image);
    await this.quota.assertRoom(row.user_id, stored);
    await this.putDerivatives(row.user_id, row.id, image);
    const original = image.original.data;
    const fields = {
      status: 'ready',
      content_type: image.original.contentType,
      width: image.width,
      height: image.height,
      bytes: Buffer.isBuffer(original) ? original.length : original.size,
      stored_bytes: stored,
      photo_check: checkedOnUpload(row.type),
      small_thumbnail: 1,
      medium_thumbnail: 1,
    };
    const completed = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('media')
        .set(fields)
        .where('id', '=', row.id)
        .where('status', '=', 'receiving')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await this.requestCheck(trx, { ...row, ...fields });
      return true;
    });
    if (!completed) {
      // Deleted while its bytes arrived: no row will ever refer to the files just written.
      await this.deleteFiles(row.user_id, row.id);
      throw notFound(API_TEXT.linkInvalid);
    }
    return { ...row, ...fields };
  }

  /**
   * Direct uploads (storage with presigned PUTs): the browser put the bytes into storage without
   * us, so before a photo is used its pending row goes through the same checks as an upload to
   * our own target. Rows whose bytes have not arrived stay pending. `ids`: only these (still only
   * the user's); omitted: all the user's pending rows.
   */
  /** Storage the browser uploads to directly (S3), whose uploads are checked on first use. */
  get hasDirectUploads(): boolean {
    return this.storage.presignedPut !== undefined;
  }

  async finalizeUploads(userId: string, ids?: readonly string[]): Promise<void> {
    if (!this.hasDirectUploads || ids?.length === 0) return;
    let query = this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['pending', 'receiving']);
    if (ids) query = query.where('id', 'in', [...ids]);
    // One at a time: each holds a decoded image in memory.
    for (const row of await query.execute()) {
      const running = this.finalizing.get(row.id);
      if (running) {
        await running;
      } else if (row.status === 'pending') {
        const work = this.finalize(row).finally(() => this.finalizing.delete(row.id));
        this.finalizing.set(row.id, work);
        await work;
      }
      // 'receiving' and not ours: another process is on it.
    }
  }

  /**
   * HEAD first (a file too big is refused unread), then the pending -> receiving claim so one
   * caller does the work; the bytes go to a temp file (counted again: the object may have been
   * replaced since the HEAD), through the pipeline, and the incoming object is removed. A refused
   * file fails the row with the spec's text; a storage outage hands the row back for a retry.
   */
  private async finalize(row: MediaRow): Promise<void> {
    const key = incomingKey(row.user_id, row.id);
    const uploaded = await this.storage.head(key);
    if (!uploaded || !(await this.claimPending(row.id))) return;
    const limits = { maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: FILE_TEXT.tooLarge };
    try {
      if (uploaded.size > MAX_UPLOAD_BYTES) throw payloadTooLarge(FILE_TEXT.tooLarge);
      const object = await this.storage.read(key);
      if (!object) {
        await this.releaseClaim(row.id);
        return;
      }
      const file = await this.tempFiles.receive(object.stream, limits);
      try {
        const image = await processImageFile(file.path, file.size, {
          ...limits,
          allowedTypes: ['jpeg', 'png', 'webp', 'heic'],
          typeMessage: FILE_TEXT.generalTypeNotAllowed,
          // Inside a read (the lists, start-training) that waits for it: no turn is refused.
          maxQueueWaitMs: Infinity,
        });
        await this.completePending(row, image);
      } finally {
        await file.dispose();
      }
    } catch (error) {
      if (!isRefusal(error)) {
        await this.releaseClaim(row.id);
        throw error;
      }
      await this.refuseUpload(row.id, error.message);
    }
    await this.storage.delete(key);
  }

  /**
   * Keyset paging, newest first: a page starts strictly after the previous page's last
   * (created_at, id), so inserts made meanwhile never shift or repeat older items. Without a
   * status, ready images only: an upload still on its way, or refused, is not a media item.
   */
  async list(
    userId: string,
    options: { type?: MediaType; status?: MediaStatus; limit: number; after?: [string, string] },
  ): Promise<MediaPage> {
    const rows = await this.listQuery(userId, options).execute();
    const hasMore = rows.length > options.limit;
    const items = rows.slice(0, options.limit);
    const last = items.at(-1);
    return { items, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
  }

  /** The query of one page (one row more than the limit: whether more follow). */
  listQuery(
    userId: string,
    options: { type?: MediaType; status?: MediaStatus; limit: number; after?: [string, string] },
  ) {
    let query = this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', options.status ?? 'ready');
    if (options.type) query = query.where('type', '=', options.type);
    if (options.after) {
      const [createdAt, id] = options.after;
      // A row-value comparison (SQLite 3.15+, PostgreSQL): both use it as the end of an index
      // range, where the equivalent `a < x OR (a = x AND b < y)` makes them scan from the top.
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)),
      );
    }
    return query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit + 1);
  }

  trainingPhotos(userId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', 'training')
      .where('status', '=', 'ready')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** The job making (or that made) the image's 2× version; none when never asked or it failed. */
  async currentHdJob(row: MediaRow): Promise<Job<'hd'> | undefined> {
    if (row.hd_job_id === null) return undefined;
    const job = await this.jobs.findOwned(row.user_id, row.hd_job_id);
    return job && !['failed', 'canceled'].includes(job.status) ? (job as Job<'hd'>) : undefined;
  }

  /**
   * Records the job `enqueue` makes (in the same transaction) as the image's HD job, unless
   * another request recorded one since `row` was read: then that one is answered and no second
   * job is made.
   */
  async startHdJob(
    row: MediaRow,
    enqueue: (trx: Kysely<Database>) => Promise<Job<'hd'>>,
  ): Promise<Job<'hd'>> {
    const lostRace = new Error('another request recorded the HD job');
    try {
      return await this.db.transaction().execute(async (trx) => {
        const job = await enqueue(trx);
        const result = await trx
          .updateTable('media')
          .set({ hd_job_id: job.id })
          .where('id', '=', row.id)
          .where('hd_job_id', row.hd_job_id === null ? 'is' : '=', row.hd_job_id)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) throw lostRace;
        return job;
      });
    } catch (error) {
      if (error !== lostRace) throw error;
      const now = await this.findOwned(row.user_id, row.id);
      const job = now && (await this.currentHdJob(now));
      if (!job) throw error;
      return job;
    }
  }

  /**
   * Stores a generated image's 2× version beside its original and counts it in the user's
   * storage. An image deleted meanwhile takes the file with it.
   */
  async storeHd(row: MediaRow, png: Buffer): Promise<void> {
    const key = mediaKeys(row.user_id, row.id).hd;
    await this.storage.put(key, png, 'image/png');
    const result = await this.db
      .updateTable('media')
      .set((eb) => ({
        hd_bytes: png.length,
        stored_bytes: sql<number>`${eb.fn.coalesce('stored_bytes', 'bytes', eb.lit(0))} + ${png.length}`,
      }))
      .where('id', '=', row.id)
      .where('hd_bytes', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n && !(await this.findOwned(row.user_id, row.id))) {
      await this.storage.delete(key);
    }
  }

  /** The row first (it is what makes the image reachable), then its files. */
  async delete(row: MediaRow): Promise<void> {
    await this.db.deleteFrom('media').where('id', '=', row.id).execute();
    await this.deleteFiles(row.user_id, row.id);
  }

  /** Everything stored for one image, including an S3 upload that was never finalized. */
  async deleteFiles(userId: string, id: string): Promise<void> {
    await this.storage.deletePrefix(mediaKeys(userId, id).prefix);
    if (this.storage.presignedPut) await this.storage.delete(incomingKey(userId, id));
  }
}
