import fp from 'fastify-plugin';
import { backfillThumbnails } from '../services/thumbnail-backfill';

/**
 * Once the app is ready, in the background, images stored before the smaller thumbnails existed
 * get them (every image processed since has them, so once per start is enough). Stops between
 * images when the app closes.
 */
export const thumbnailBackfillPlugin = fp(
  async (app) => {
    let closing = false;
    let running: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      running = backfillThumbnails(app.db, app.storage, {
        stopped: () => closing,
        onSkip: (imageId, error) =>
          app.log.warn({ imageId, err: error }, 'smaller thumbnails not made for an image'),
      }).then(
        (completed) => {
          if (completed > 0)
            app.log.info({ completed }, 'smaller thumbnails made for older images');
        },
        (error: unknown) => app.log.error({ err: error }, 'thumbnail backfill failed'),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await running;
    });
  },
  { name: 'thumbnail-backfill', dependencies: ['services'] },
);
