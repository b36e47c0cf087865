import { API_TEXT } from '@app/shared/spec';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { keyReused, type KeyedRequest } from '../jobs/idempotency';
import type { MediaRow } from './media';

/** A retry comes within minutes; a day covers a phone that went offline mid-upload. */
const KEPT_MS = 24 * 3_600_000;
/** A first request still unfinished after this long died with its process: a retry takes over. */
const ABANDONED_MS = 2 * 60_000;
const RETRY_AFTER_SECONDS = '2';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Photo upload requests under an Idempotency-Key (POST /media/presigned-urls, /media/upload):
 * the first request with a key makes its media rows; a retry with the same key and request gets
 * those rows again (the ones still there) instead of storing the photos twice, and the key with
 * another request is refused (422). While the first is still at work a retry is answered 409
 * with Retry-After.
 */
export class UploadRequests {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly findRows: (userId: string, ids: readonly string[]) => Promise<MediaRow[]>,
  ) {}

  async once(
    userId: string,
    keyed: KeyedRequest | undefined,
    create: () => Promise<MediaRow[]>,
  ): Promise<MediaRow[]> {
    if (!keyed) return create();
    const now = Date.now();
    await this.db
      .deleteFrom('upload_requests')
      .where('user_id', '=', userId)
      .where('created_at', '<', iso(now - KEPT_MS))
      .execute();
    const first = await this.db
      .insertInto('upload_requests')
      .values({
        user_id: userId,
        idempotency_key: keyed.key,
        request_hash: keyed.hash,
        media_ids: null,
        created_at: iso(now),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (first.numInsertedOrUpdatedRows === 0n) {
      const replayed = await this.replay(userId, keyed, now);
      if (replayed) return replayed;
    }
    let rows: MediaRow[];
    try {
      rows = await create();
    } catch (error) {
      // Nothing was made: the key is free for the retry.
      await this.db
        .deleteFrom('upload_requests')
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', keyed.key)
        .execute();
      throw error;
    }
    await this.db
      .updateTable('upload_requests')
      .set({ media_ids: JSON.stringify(rows.map((row) => row.id)) })
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', keyed.key)
      .execute();
    return rows;
  }

  /** The first request's rows, in its order; undefined when this request takes the key over. */
  private async replay(
    userId: string,
    keyed: KeyedRequest,
    now: number,
  ): Promise<MediaRow[] | undefined> {
    const earlier = await this.db
      .selectFrom('upload_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', keyed.key)
      .executeTakeFirst();
    if (!earlier) throw inProgress(); // the first just failed and freed it: retry
    if (earlier.request_hash !== keyed.hash) throw keyReused();
    if (earlier.media_ids !== null) {
      const ids = JSON.parse(earlier.media_ids) as string[];
      const rows = new Map((await this.findRows(userId, ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => rows.get(id) ?? []);
    }
    if (earlier.created_at >= iso(now - ABANDONED_MS)) throw inProgress();
    const taken = await this.db
      .updateTable('upload_requests')
      .set({ created_at: iso(now) })
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', keyed.key)
      .where('created_at', '=', earlier.created_at)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) throw inProgress();
    return undefined;
  }
}

const inProgress = () =>
  new HttpError(409, API_TEXT.idempotentRequestInProgress, { 'retry-after': RETRY_AFTER_SECONDS });
