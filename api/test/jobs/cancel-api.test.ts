import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELED_FAILURE } from '../../src/jobs/job-failures';
import { runJobWorker } from '../../src/plugins/job-worker';
import { makeAdmin, uploadPhotos } from '../support/fixtures';
import { newUser, startStudio, type Studio } from '../support/studio';
import { DIALECTS } from '../support/test-database';

describe.each(DIALECTS)('POST /api/generate/cancel/{id} on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  let aborted: Promise<void>;
  const user = newUser('Cancel Person');
  beforeAll(async () => {
    studio = await startStudio({}, dialect);
    let markAborted!: () => void;
    aborted = new Promise((resolve) => (markAborted = resolve));
    // A training that only ends when it is aborted.
    await runJobWorker(studio.running.app, {
      train: (_job, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            markAborted();
            reject(signal.reason as Error);
          }),
        ),
    });
  });
  afterAll(() => studio.stop());

  it('cancels a running training, fails its model with a reason, and refuses a second time', async () => {
    await makeAdmin(studio, user);
    const photoIds = await uploadPhotos(studio, user, 5);
    const started = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Cancel me', triggerWord: '', photoIds },
    });
    const jobId = started.body.job.id;
    for (let tries = 0; ; tries += 1) {
      const job = await studio.as(user, 'GET', `/api/generate/status/${jobId}`);
      if (job.body.status === 'running') break;
      if (tries > 100) throw new Error('the job never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const stranger = await studio.as(newUser('Stranger'), 'POST', `/api/generate/cancel/${jobId}`);
    expect(stranger.status).toBe(404);

    const canceled = await studio.as(user, 'POST', `/api/generate/cancel/${jobId}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: jobId, status: 'canceled' });
    await aborted;

    const status = await studio.as(user, 'GET', '/api/user/training-status');
    expect(status.body.models[0]).toMatchObject({
      status: 'failed',
      jobStatus: 'canceled',
      failureReason: CANCELED_FAILURE,
    });
    const again = await studio.as(user, 'POST', `/api/generate/cancel/${jobId}`);
    expect(again.status).toBe(409);
  });
});
