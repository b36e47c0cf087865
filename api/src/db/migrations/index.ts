import type { Migration } from 'kysely';
import * as users from './0001_users';
import * as studio from './0002_studio';
import * as jobWorker from './0003_job_worker';
import * as mediaFailureReason from './0005_media_failure_reason';
import * as replicateEngine from './0006_replicate_engine';

/**
 * Listed by hand rather than read from the folder, so tsx, bundlers and tests all see the same
 * set. Keys are the names recorded in the migration table: never rename one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_users': users,
  '0002_studio': studio,
  '0003_job_worker': jobWorker,
  '0005_media_failure_reason': mediaFailureReason,
  '0006_replicate_engine': replicateEngine,
};
