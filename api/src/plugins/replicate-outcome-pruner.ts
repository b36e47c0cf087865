import fp from 'fastify-plugin';
import { pruneReplicateOutcomes } from '../engines/replicate/outcome-pruning';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * With Replicate configured, prunes its stored terminal reports at start and every hour while the
 * app (and with it the job worker, which main.ts starts in every api process) runs.
 */
export const replicateOutcomePrunerPlugin = fp(
  async (app) => {
    if (!app.replicate) return;
    const prune = async () => {
      try {
        const removed = await pruneReplicateOutcomes(app.db);
        if (removed > 0) app.log.info({ removed }, 'old Replicate outcomes removed');
      } catch (error) {
        app.log.error({ err: error }, 'Replicate outcome pruning failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void prune();
      timer = setInterval(() => void prune(), PRUNE_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'replicate-outcome-pruner', dependencies: ['services'] },
);
