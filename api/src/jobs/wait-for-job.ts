import type { FastifyInstance } from 'fastify';
import type { Job } from './queue';

/** Below the usual 30 s proxy timeout, so a slow generation still gets an answer. */
export const GENERATION_WAIT_MS = 20_000;
const POLL_MS = 100;

const settled = (job: Job) => !['queued', 'running'].includes(job.status);

/**
 * Waits up to `timeoutMs` for a job this process's worker runs, then answers with its latest
 * state; the client polls /generate/status/{id} when it is still running. Jobs no local worker
 * handles are answered at once. Reads the row, so a worker in another process would do as well.
 */
export async function waitForJob<J extends Job>(
  app: FastifyInstance,
  job: J,
  timeoutMs = GENERATION_WAIT_MS,
): Promise<J> {
  if (!app.jobWorker?.handles(job.kind)) return job;
  app.jobWorker.wake();
  const deadline = Date.now() + timeoutMs;
  let latest = job;
  while (!settled(latest) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    latest = ((await app.jobs.findOwned(job.userId, job.id)) as J | undefined) ?? latest;
  }
  return latest;
}

/** 200 with the result when it is done, 202 while it is still queued or running. */
export const jobStatusCode = (job: Job): 200 | 202 => (settled(job) ? 200 : 202);
