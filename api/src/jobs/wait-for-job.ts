import type { Job, JobQueue } from './queue';
import type { JobWorker } from './worker';

/**
 * How long a generation route waits for its job before answering 202 with the running job:
 * below the usual 30 s proxy timeout, so a slow generation still gets an answer.
 */
const JOB_ANSWER_WAIT_MS = 20_000;
const POLL_MS = 100;

const settled = (job: Job) => !['queued', 'running'].includes(job.status);

/**
 * Waits for a job `worker` (this process's, if any) runs, then answers with its latest state;
 * the client polls /generate/status/{id} when it is still running. The wait ends
 * JOB_ANSWER_WAIT_MS after the request arrived: `spentMs` is what the route took before (an
 * upload and its checks), so the answer stays inside a client's or proxy's timeout. Jobs no
 * local worker handles are answered at once. Reads the row, so a worker in another process
 * would do as well.
 */
export async function waitForJob<J extends Job>(
  job: J,
  { jobs, worker }: { jobs: Pick<JobQueue, 'findOwned'>; worker: JobWorker | null },
  spentMs = 0,
): Promise<J> {
  if (!worker?.handles(job.kind)) return job;
  worker.wake();
  const deadline = Date.now() + JOB_ANSWER_WAIT_MS - spentMs;
  let latest = job;
  while (!settled(latest) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    latest = ((await jobs.findOwned(job.userId, job.id)) as J | undefined) ?? latest;
  }
  return latest;
}

/** 200 with the result when it is done, 202 while it is still queued or running. */
export const jobStatusCode = (job: Job): 200 | 202 => (settled(job) ? 200 : 202);
