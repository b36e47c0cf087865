import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';
import * as users from './0001_users';
import * as studio from './0002_studio';
import * as jobWorker from './0003_job_worker';
import * as postgresPortability from './0004_postgres_portability';
import * as mediaFailureReason from './0005_media_failure_reason';
import * as replicateEngine from './0006_replicate_engine';
import * as collationAndLookups from './0007_collation_and_lookups';
import * as mediaListingIndexes from './0008_media_listing_indexes';
import * as photoChecks from './0009_photo_checks';
import * as smallThumbnails from './0010_small_thumbnails';
import * as mediumThumbnails from './0011_medium_thumbnails';
import * as idempotentRequests from './0012_idempotent_requests';
import * as fairClaims from './0013_fair_claims';
import * as storageUsage from './0014_storage_usage';
import * as trainingMail from './0015_training_mail';
import * as accountDeletion from './0016_account_deletion';
import * as deletedIdentities from './0017_deleted_identities';
import * as providerCalls from './0018_provider_calls';
import * as hdVersions from './0019_hd_versions';
import * as previews from './0020_previews';

/**
 * A Kysely migration that may ask which dialect it runs on (Kysely does not tell, by design).
 * Every migration runs on both; one that needs something extra on one of them says so inside.
 */
export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void>;
}

/**
 * Listed by hand rather than read from the folder, so tsx, bundlers and tests all see the same
 * set. Keys are the names recorded in the migration table: never rename one that has shipped.
 * On PostgreSQL a new text column that is compared or sorted needs `COLLATE "C"` (see 0004).
 */
export const migrations: Record<string, DialectMigration> = {
  '0001_users': users,
  '0002_studio': studio,
  '0003_job_worker': jobWorker,
  '0004_postgres_portability': postgresPortability,
  '0005_media_failure_reason': mediaFailureReason,
  '0006_replicate_engine': replicateEngine,
  '0007_collation_and_lookups': collationAndLookups,
  '0008_media_listing_indexes': mediaListingIndexes,
  '0009_photo_checks': photoChecks,
  '0010_small_thumbnails': smallThumbnails,
  '0011_medium_thumbnails': mediumThumbnails,
  '0012_idempotent_requests': idempotentRequests,
  '0013_fair_claims': fairClaims,
  '0014_storage_usage': storageUsage,
  '0015_training_mail': trainingMail,
  '0016_account_deletion': accountDeletion,
  '0017_deleted_identities': deletedIdentities,
  '0018_provider_calls': providerCalls,
  '0019_hd_versions': hdVersions,
  '0020_previews': previews,
};
