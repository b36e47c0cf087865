import type { FastifyInstance } from 'fastify';
import { CpuEngine } from '../../src/engines/cpu/cpu-engine';
import type { JobRunners } from '../../src/jobs/worker';
import { jobRunners } from '../../src/services/job-runners';

/** The job runners over the CPU engine in the test's own thread, on the app's services. */
export function cpuEngineRunners(app: FastifyInstance): JobRunners {
  const { db, storage, media } = app;
  return jobRunners({ db, storage, media }, new CpuEngine(storage));
}
