import { sql } from 'kysely';
import { claimableKinds, KyselyLeaseStore } from './kysely-lease-store';
import type { ClaimRequest } from './lease-store';
import type { Job } from './queue';

/** Any constant shared by every process on the database; "jobs" in ASCII. */
const CLAIM_LOCK = 0x6a6f6273;

/**
 * The lease store on PostgreSQL, where api and worker processes claim concurrently. Under READ
 * COMMITTED two claims could both count n < limit running jobs of a kind and both take one, so
 * claims take a transaction-level advisory lock first: they run one after another (each is a
 * single indexed statement), and each counts with a snapshot taken after the previous claim
 * committed. `FOR UPDATE SKIP LOCKED` passes over a queued row another transaction holds (one
 * being canceled) instead of waiting for it.
 */
export class PostgresLeaseStore extends KyselyLeaseStore {
  async claim(request: ClaimRequest): Promise<Job | undefined> {
    if (claimableKinds(request.limits).length === 0) return undefined;
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
      return this.claimOn(trx, request, sql`FOR UPDATE SKIP LOCKED`);
    });
  }
}
