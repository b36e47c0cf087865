import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createMailTransport } from '@app/identity';
import fp from 'fastify-plugin';
import type { BillingProvider } from '../billing/provider';
import { TestModeBilling } from '../billing/test-mode';
import type { AppConfig } from '../config';
import type { CogService } from '../engines/cog/cog-service';
import type { ReplicateService } from '../engines/replicate/replicate-service';
import type { JobCompletions } from '../jobs/completion';
import { DatabaseJobQueue } from '../jobs/database-job-queue';
import type { JobQueue } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import { TempFiles } from '../media/temp-files';
import { AccountDeletion, type AccountPool } from '../services/account-deletion';
import { GenerationService } from '../services/generation';
import { MailOutbox } from '../services/mail-outbox';
import { MediaService, photoCheckCompletion } from '../services/media';
import { ModelService, trainingCompletion } from '../services/models';
import { StorageQuota } from '../services/storage-quota';
import { capabilitiesOf } from '../engines/capabilities';
import { TrainingService } from '../services/training';
import { UploadRequests } from '../services/upload-requests';
import { UserService } from '../services/users';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserService;
    storage: Storage;
    media: MediaService;
    models: ModelService;
    training: TrainingService;
    generation: GenerationService;
    jobs: JobQueue;
    /** What each job kind's end changes beyond `jobs` (a training's model). */
    jobCompletions: JobCompletions;
    /** The worker running in this process (set by runJobWorker), if any. */
    jobWorker: JobWorker | null;
    billing: BillingProvider;
    /** The Replicate connection when REPLICATE_API_TOKEN is set: new trainings run there. */
    replicate: ReplicateService | null;
    /** The operator's Cog containers when COG_* is set: new trainings run there (before Replicate). */
    cog: CogService | null;
    /** HMAC key of signed file URLs (also used to check upload targets). */
    urlSigningSecret: string;
    /** Upload bodies on their way through the image pipeline. */
    tempFiles: TempFiles;
    /** Photo upload requests made under an Idempotency-Key. */
    uploadRequests: UploadRequests;
    /** Each user's storage and its limit. */
    storageQuota: StorageQuota;
    /** The mails the api sends (a training's end), delivered on the identity service's SMTP. */
    mailOutbox: MailOutbox;
    /** Account deletions: the request and the job that carries it out. */
    accountDeletion: AccountDeletion;
  }
}

/** A key made once per data directory, so signed URLs survive a restart without configuration. */
async function generatedSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secrets', 'url-signing.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

/** Repositories and services, one decorator each (fastify/demo style). */
export const servicesPlugin = fp<{ config: AppConfig; pool: AccountPool | null }>(
  async (app, { config, pool }) => {
    const secret = config.urlSigningSecret ?? (await generatedSecret(config.dataDir));
    const storage = await createStorage(config.dataDir, secret, config.s3);
    app.addHook('onClose', async () => storage.close?.());
    app.decorate('urlSigningSecret', secret);
    app.decorate('storage', storage);
    const tempFiles = new TempFiles(join(config.dataDir, 'tmp'));
    await tempFiles.sweep();
    app.decorate('tempFiles', tempFiles);
    const users = new UserService(app.db, config.adminEmails);
    app.decorate('users', users);
    // Providers' SDKs load only when configured: together they are a large part of a start.
    const billing: BillingProvider = config.stripe
      ? new (await import('../billing/stripe')).StripeBilling(config.stripe, users)
      : new TestModeBilling(app.db, users);
    app.decorate('billing', billing);
    const jobCompletions: JobCompletions = {
      train: trainingCompletion(config.publicUrl),
      'check-photo': photoCheckCompletion,
    };
    app.decorate('jobCompletions', jobCompletions);
    const mailTransport = createMailTransport(config.mail);
    const mailOutbox = new MailOutbox(
      app.db,
      mailTransport,
      config.nodeEnv !== 'production' || config.mail.smtpUrl === undefined,
    );
    app.decorate('mailOutbox', mailOutbox);
    app.addHook('onClose', () => mailOutbox.close());
    const jobs = new DatabaseJobQueue(app.db, jobCompletions);
    app.decorate('jobs', jobs);
    const storageQuota = new StorageQuota(app.db, config.storageQuotaBytes);
    app.decorate('storageQuota', storageQuota);
    const media = new MediaService(app.db, storage, tempFiles, jobs, storageQuota);
    app.decorate('media', media);
    app.decorate(
      'uploadRequests',
      new UploadRequests(app.db, (userId, ids) => media.findManyOwned(userId, ids)),
    );
    app.decorate('jobWorker', null);
    // preClose: the worker hands its jobs back before the db plugin closes the connection.
    app.addHook('preClose', async () => app.jobWorker?.stop());
    app.decorate(
      'replicate',
      config.replicate
        ? new (await import('../engines/replicate/replicate-service')).ReplicateService(
            config.replicate,
            app.db,
          )
        : null,
    );
    app.decorate(
      'cog',
      config.cog
        ? new (await import('../engines/cog/cog-service')).CogService(config.cog, app.db, storage)
        : null,
    );
    const models = new ModelService(app.db, storage, app.replicate);
    app.decorate('models', models);
    // New trainings run on Cog, else Replicate, when configured (engines/start-engines.ts).
    const trainingEngine = config.cog ? 'cog' : config.replicate ? 'replicate' : 'builtin-cpu';
    const previews = capabilitiesOf(trainingEngine).previews && config.replicate?.previews === true;
    app.decorate(
      'training',
      new TrainingService(app.db, users, media, models, jobs, previews ? trainingEngine : null),
    );
    app.decorate(
      'generation',
      new GenerationService(models, jobs, storage, storageQuota, config.writeRateLimitPerMinute),
    );
    app.decorate(
      'accountDeletion',
      new AccountDeletion({
        db: app.db,
        storage,
        jobs,
        billing,
        replicate: app.replicate,
        pool,
        mail: mailTransport,
        log: app.log.child({ component: 'account-deletion' }),
      }),
    );
  },
  { name: 'services', dependencies: ['db'] },
);
