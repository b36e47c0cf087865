import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MediaTable } from '../db/schema';
import type { ImageFile, ProcessedImage } from '../media/pipeline';
import type { Storage, StorageBody } from '../storage/storage';

export type MediaRow = Selectable<MediaTable>;
export type MediaType = 'training' | 'generated';
export type MediaStatus = 'pending' | 'receiving' | 'ready' | 'failed';

/** Storage keys of one image; never derived from anything the client sent. */
export function mediaKeys(userId: string, mediaId: string) {
  const prefix = `users/${userId}/media/${mediaId}/`;
  return {
    prefix,
    original: `${prefix}original`,
    web: `${prefix}web`,
    thumbnail: `${prefix}thumbnail`,
  };
}

/** A display name only: no directories, no control characters, bounded length. */
export function cleanFilename(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'image' : clean;
}

export interface MediaPage {
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
      value.every((part) => typeof part === 'string')
    ) {
      return value as [string, string];
    }
  } catch {
    // fall through: a malformed cursor is the caller's mistake
  }
  return undefined;
}

export class MediaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: Storage,
  ) {}

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
    await Promise.all([
      this.storage.put(keys.original, originalBody, image.original.contentType),
      this.storage.put(keys.web, image.web.data, image.web.contentType),
      this.storage.put(keys.thumbnail, image.thumbnail.data, image.thumbnail.contentType),
    ]);
  }

  /** Stores an already-checked image and its row, created now, status ready. */
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
    },
  ): Promise<MediaRow> {
    const id = randomUUID();
    await this.putDerivatives(userId, id, image);
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
      created_at: new Date().toISOString(),
      seed: fields.seed ?? null,
      model_ids: fields.modelIds ? JSON.stringify(fields.modelIds) : null,
      engine: fields.engine ?? null,
      identity_score: fields.identityScore ?? null,
    };
    await this.db.insertInto('media').values(row).execute();
    return row;
  }

  /** Rows for presigned uploads: the bytes arrive later at the signed PUT target. */
  async createPending(
    userId: string,
    files: readonly { filename: string; contentType: string }[],
  ): Promise<MediaRow[]> {
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
      created_at: createdAt,
      seed: null,
      model_ids: null,
      engine: null,
      identity_score: null,
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
   * false: it was not pending (already received, or being received).
   */
  async claimPending(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ status: 'receiving' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async releaseClaim(id: string): Promise<void> {
    await this.db.updateTable('media').set({ status: 'pending' }).where('id', '=', id).execute();
  }

  async completePending(
    row: MediaRow,
    image: ProcessedImage<Buffer | ImageFile>,
  ): Promise<MediaRow> {
    await this.putDerivatives(row.user_id, row.id, image);
    const original = image.original.data;
    const fields = {
      status: 'ready',
      content_type: image.original.contentType,
      width: image.width,
      height: image.height,
      bytes: Buffer.isBuffer(original) ? original.length : original.size,
    };
    await this.db.updateTable('media').set(fields).where('id', '=', row.id).execute();
    return { ...row, ...fields };
  }

  /**
   * Keyset paging, newest first: a page starts strictly after the previous page's last
   * (created_at, id), so inserts made meanwhile never shift or repeat older items.
   */
  async list(
    userId: string,
    options: { type?: MediaType; status?: string; limit: number; after?: [string, string] },
  ): Promise<MediaPage> {
    let query = this.db.selectFrom('media').selectAll().where('user_id', '=', userId);
    if (options.type) query = query.where('type', '=', options.type);
    if (options.status) query = query.where('status', '=', options.status);
    if (options.after) {
      const [createdAt, id] = options.after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', createdAt),
          eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const hasMore = rows.length > options.limit;
    const items = rows.slice(0, options.limit);
    const last = items.at(-1);
    return { items, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
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

  /** The row first (it is what makes the image reachable), then its files. */
  async delete(row: MediaRow): Promise<void> {
    await this.db.deleteFrom('media').where('id', '=', row.id).execute();
    await this.storage.deletePrefix(mediaKeys(row.user_id, row.id).prefix);
  }
}
