import fp from 'fastify-plugin';
import { sweepAbandonedUploads } from '../services/abandoned-uploads';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Clears abandoned presigned uploads at start and every ten minutes while the app runs. */
export const uploadSweeperPlugin = fp(
  async (app) => {
    const sweep = async () => {
      try {
        const removed = await sweepAbandonedUploads(app.db, app.media);
        if (removed.length > 0)
          app.log.info({ removed: removed.length }, 'abandoned uploads removed');
      } catch (error) {
        app.log.error({ err: error }, 'abandoned upload sweep failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'upload-sweeper', dependencies: ['services'] },
);
