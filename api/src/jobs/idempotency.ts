import { createHash } from 'node:crypto';
import { API_TEXT } from '@app/shared/spec';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http-errors';
import type { Job, JobKind, JobQueue } from './queue';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The optional `Idempotency-Key` header of job-creating and upload routes. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw badRequest(API_TEXT.idempotencyKeyInvalid);
  }
  return value;
}

/** The same key for another request (another route, another body): a client bug, never a retry. */
export const keyReused = () => new HttpError(422, API_TEXT.idempotencyKeyReused);

/**
 * What a request asked for, as a hash: its route, path parameters and body (the parsed body, so
 * a retry of the same bytes gives the same hash), and `extra` for what the body does not show
 * (the hashes of a multipart form's files).
 */
export function requestHash(request: FastifyRequest, extra?: unknown): string {
  const asked = [request.method, request.routeOptions.url, request.params, request.body, extra];
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/**
 * A client that retries (a lost answer, a double tap) with the same key gets the first job back
 * instead of a second training or generation; of two racing requests, the loser answers with the
 * winner's job. The key used for another request is refused with 422.
 */
export async function onceFor<K extends JobKind>(
  jobs: Pick<JobQueue, 'findByIdempotencyKey'>,
  userId: string,
  kind: K,
  key: KeyedRequest | undefined,
  create: () => Promise<Job<K>>,
): Promise<Job<K>> {
  const previous = async () => {
    const job = key ? await jobs.findByIdempotencyKey(userId, key.key) : undefined;
    // Jobs from before hashes were kept (null) match any request.
    if (job && (job.kind !== kind || (job.requestHash ?? key?.hash) !== key?.hash)) {
      throw keyReused();
    }
    return job as Job<K> | undefined;
  };
  const first = await previous();
  if (first) return first;
  try {
    return await create();
  } catch (error) {
    // A racing request with the same key won meanwhile: our attempt met its unique index, or
    // (the checks of a training take turns per user) its model. Either way the answer is its job.
    const winner = key ? await previous() : undefined;
    if (winner) return winner;
    throw error;
  }
}

/** An Idempotency-Key and the hash of the request it came with. */
export interface KeyedRequest {
  key: string;
  hash: string;
}

/** The route's key with the hash of its request, for `onceFor`; undefined without a key. */
export function keyedRequest(request: FastifyRequest, extra?: unknown): KeyedRequest | undefined {
  const key = idempotencyKey(request);
  return key === undefined ? undefined : { key, hash: requestHash(request, extra) };
}
