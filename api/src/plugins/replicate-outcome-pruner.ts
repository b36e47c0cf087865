import fp from 'fastify-plugin';
import { pruneReplicateOutcomes } from '../engines/replicate/outcome-pruning';
import { runPeriodically } from './periodic-task';

/**
 * With Replicate configured, prunes its stored terminal reports at start and every hour while the
 * app (and with it the job worker, which main.ts starts in every api process) runs.
 */
export const replicateOutcomePrunerPlugin = fp(
  async (app) => {
    // The Cog engine keeps its reports in the same table.
    if (!app.replicate && !app.cog) return;
    runPeriodically(app, {
      everyMs: 60 * 60 * 1000,
      run: () => pruneReplicateOutcomes(app.db, new Date(), app.cog ? app.storage : undefined),
      removed: 'old Replicate outcomes removed',
      failure: 'Replicate outcome pruning failed',
    });
  },
  { name: 'replicate-outcome-pruner', dependencies: ['services'] },
);
