import type { FastifyInstance } from 'fastify';

interface CleanupTask {
  everyMs: number;
  /** Resolves with how many things it removed. */
  run(): Promise<number>;
  /** Logged with the count when a run removed something. */
  removed: string;
  /** Logged with the error when a run fails; the next run comes all the same. */
  failure: string;
}

/**
 * A clean-up while the app runs: once when it is ready, then every `everyMs` (a timer that
 * never keeps the process alive), stopped when the app closes.
 */
export function runPeriodically(
  app: FastifyInstance,
  { everyMs, run, removed, failure }: CleanupTask,
) {
  const once = async () => {
    try {
      const count = await run();
      if (count > 0) app.log.info({ removed: count }, removed);
    } catch (error) {
      app.log.error({ err: error }, failure);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void once();
    timer = setInterval(() => void once(), everyMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
