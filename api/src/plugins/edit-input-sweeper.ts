import fp from 'fastify-plugin';
import { sweepSettledEditInputs } from '../services/settled-edit-inputs';
import { runPeriodically } from './periodic-task';

/** Frees the inputs of ended edits at start and every ten minutes while the app runs. */
export const editInputSweeperPlugin = fp(
  async (app) => {
    runPeriodically(app, {
      everyMs: 10 * 60 * 1000,
      run: () => sweepSettledEditInputs(app.db, app.storage),
      removed: 'inputs of ended edits removed',
      failure: 'ended edit input sweep failed',
    });
  },
  { name: 'edit-input-sweeper', dependencies: ['services'] },
);
