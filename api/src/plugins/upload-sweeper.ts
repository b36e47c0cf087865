import fp from 'fastify-plugin';
import { sweepAbandonedUploads } from '../services/abandoned-uploads';
import { runPeriodically } from './periodic-task';

/** Clears abandoned presigned uploads at start and every ten minutes while the app runs. */
export const uploadSweeperPlugin = fp(
  async (app) => {
    runPeriodically(app, {
      everyMs: 10 * 60 * 1000,
      run: async () => (await sweepAbandonedUploads(app.db, app.media)).length,
      removed: 'abandoned uploads removed',
      failure: 'abandoned upload sweep failed',
    });
  },
  { name: 'upload-sweeper', dependencies: ['services'] },
);
