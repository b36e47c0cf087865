import { sql } from 'kysely';
import { KyselyLeaseStore } from './kysely-lease-store';
import type { ClaimRequest } from './lease-store';
import type { Job } from './queue';

/**
 * The lease store on SQLite. A claim is one statement, so picking the row, checking the per-kind
 * limits and taking the lease happen in a single write transaction, and SQLite lets one writer
 * at a time: two workers (threads or processes on the same file) cannot take the same job or
 * exceed a limit.
 */
export class SqliteLeaseStore extends KyselyLeaseStore {
  claim(request: ClaimRequest): Promise<Job | undefined> {
    return this.claimOn(this.db, request, sql``);
  }
}
