/** Raised by `Semaphore.run` when a caller waited `maxWaitMs` without getting a turn. */
export class SemaphoreWaitExceeded extends Error {
  constructor(readonly waitedMs: number) {
    super(`no turn within ${waitedMs} ms`);
  }
}

/** At most `limit` callers inside `run` at once; the others wait their turn, first come first. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /**
   * `maxWaitMs`: a caller still waiting after this long leaves the queue with
   * SemaphoreWaitExceeded instead of waiting on (a request that must be answered in time).
   */
  async run<T>(work: () => Promise<T>, { maxWaitMs }: { maxWaitMs?: number } = {}): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer =
          maxWaitMs === undefined
            ? undefined
            : setTimeout(() => {
                this.waiting.splice(this.waiting.indexOf(turn), 1);
                reject(new SemaphoreWaitExceeded(maxWaitMs));
              }, maxWaitMs);
        this.waiting.push(turn);
      });
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next caller, so `active` never dips below the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
