import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Engine } from '../engines/engine';
import { startEngines } from '../engines/start-engines';
import type { KindLimits } from '../jobs/lease-store';
import { startJobWorker } from '../jobs/start-worker';
import type { JobRunners, JobWorker } from '../jobs/worker';
import { jobRunners } from '../services/job-runners';

/**
 * Starts this process's job worker over `runners` on the app's database: `app.jobWorker` from
 * then on, so the generation routes wait for their jobs and a cancel reaches a running one. It
 * stops, handing back what it was running, when the app closes (the services plugin's preClose).
 */
export async function runJobWorker(
  app: FastifyInstance,
  runners: JobRunners,
  limits?: KindLimits,
  maxConcurrent?: number,
): Promise<JobWorker> {
  const services = {
    db: app.db,
    dialect: app.dbDialect,
    completions: app.jobCompletions,
    log: app.log.child({ component: 'jobs' }),
  };
  app.jobWorker = await startJobWorker(services, runners, limits, maxConcurrent);
  return app.jobWorker;
}

/**
 * What main.ts runs unless JOB_WORKER=false: this process's engines (engines/start-engines.ts)
 * and the job worker over them. The caller ends the engines' threads with `close` (main.ts in
 * the app's onClose). `wrap` lets a test stand between the runners and the leading engine.
 */
export async function runEngines(
  app: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  wrap: (engine: Engine) => Engine = (engine) => engine,
): Promise<{ close(): Promise<void> }> {
  const replicate = app.replicate && {
    service: app.replicate,
    db: app.db,
    storage: app.storage,
    log: app.log.child({ component: 'replicate' }),
  };
  const cog = app.cog && {
    service: app.cog,
    db: app.db,
    storage: app.storage,
    log: app.log.child({ component: 'cog' }),
  };
  const engines = await startEngines(
    { ...config, urlSigningSecret: app.urlSigningSecret },
    replicate,
    cog,
  );
  const { db, storage, media } = app;
  const runners: JobRunners = {
    ...jobRunners({ db, storage, media }, wrap(engines.trainWith), engines.others),
    'delete-account': (job, context) => app.accountDeletion.run(job, context),
  };
  await runJobWorker(app, runners, engines.limits, engines.maxConcurrent);
  return engines;
}
