import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobWorker } from '../../src/plugins/job-worker';
import { makeAdmin, uploadPhotos } from '../support/fixtures';
import { newUser, startStudio, type Studio } from '../support/studio';
import { DIALECTS } from '../support/test-database';

/**
 * What the worker writes is what the API shows: progress and ETA while a training runs, on
 * /user/training-status, the model record and /generate/status; then the finished state.
 * The runner stands in for an engine, so the test controls when the training ends.
 */
describe.each(DIALECTS)(
  'training progress through the API on %s',
  { timeout: 30_000 },
  (dialect) => {
    let studio: Studio;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const user = newUser('Progress Person');
    beforeAll(async () => {
      studio = await startStudio({}, dialect);
      await runJobWorker(studio.running.app, {
        train: async (_job, { reportProgress }) => {
          reportProgress(0.5);
          await finished;
          return { output: [] };
        },
      });
    });
    afterAll(() => studio.stop());

    async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it('shows progress and an ETA while training, then the ready model', async () => {
      await makeAdmin(studio, user);
      const photoIds = await uploadPhotos(studio, user, 5);
      const started = await studio.as(user, 'POST', '/api/media/start-training', {
        json: { modelName: 'Progress', triggerWord: '', photoIds },
      });
      expect(started.status).toBe(202);
      const { modelId } = started.body;
      const jobId = started.body.job.id;

      const status = await poll(
        () => studio.as(user, 'GET', '/api/user/training-status'),
        (response) => response.body.models[0]?.progress === 0.5,
      );
      expect(status.body.isTraining).toBe(true);
      const [running] = status.body.models;
      expect(running).toMatchObject({ modelId, status: 'training', jobStatus: 'running', jobId });
      // The worker's estimate (estimateSecondsLeft, tested with the worker), shown everywhere.
      expect(running.etaSeconds).toEqual(expect.any(Number));

      const profile = await studio.as(user, 'GET', '/api/user');
      const record = profile.body.models.find(
        (model: { modelId: string }) => model.modelId === modelId,
      );
      expect(record).toMatchObject({ status: 'training', progress: 0.5 });
      expect(record.etaSeconds).toBe(running.etaSeconds);
      const job = await studio.as(user, 'GET', `/api/generate/status/${jobId}`);
      expect(job.body).toMatchObject({
        status: 'running',
        progress: 0.5,
        etaSeconds: running.etaSeconds,
      });

      finish();
      const done = await poll(
        () => studio.as(user, 'GET', '/api/user/training-status'),
        (response) => response.body.models[0]?.status === 'ready',
      );
      expect(done.body.models[0]).toMatchObject({
        jobStatus: 'succeeded',
        progress: 1,
        etaSeconds: null,
      });
      expect(done.body.isTraining).toBe(false);
    });
  },
);
