import { API_TEXT } from '@app/shared/spec';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../http-errors';
import type { Job, JobKind, JobQueue } from './queue';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The optional `Idempotency-Key` header of job-creating routes. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw badRequest(API_TEXT.idempotencyKeyInvalid);
  }
  return value;
}

/**
 * A client that retries (a lost answer, a double tap) with the same key gets the first job back
 * instead of a second training or generation; of two racing requests, the loser answers with the
 * winner's job.
 */
export async function onceFor<K extends JobKind>(
  jobs: Pick<JobQueue, 'findByIdempotencyKey'>,
  userId: string,
  kind: K,
  key: string | undefined,
  create: () => Promise<Job<K>>,
): Promise<Job<K>> {
  const previous = async () => {
    const job = key ? await jobs.findByIdempotencyKey(userId, key) : undefined;
    if (job && job.kind !== kind) throw conflict(API_TEXT.idempotencyKeyReused);
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
