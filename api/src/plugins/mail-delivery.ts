import fp from 'fastify-plugin';
import { runPeriodically } from './periodic-task';

/** Delivers recorded mails (a training's end) at start and every few seconds while the app runs. */
export const mailDeliveryPlugin = fp(
  async (app) => {
    runPeriodically(app, {
      everyMs: 5000,
      run: () => app.mailOutbox.deliverPending(app.log),
      removed: 'mails handed to delivery',
      failure: 'mail delivery round failed',
    });
  },
  { name: 'mail-delivery', dependencies: ['services'] },
);
