import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** pino's loggers answer this; another logger is asked nothing and always gets its child. */
interface LevelAware {
  isLevelEnabled?(level: string): boolean;
}

/**
 * The logger of one request (its id bound to every line), made the first time the request
 * writes a line at a level that is on. Fastify makes a child logger for every request and pino
 * serialises its bindings then: ~5 µs, a tenth of the CPU of a cached answer, spent on every
 * request while most never write a line (requests are logged at `info`, production runs at
 * `info` or above, and a `warn` deployment logs only what went wrong).
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.made && this.parent.isLevelEnabled?.(level) === false) return;
    (this.logger()[level] as (...line: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory` option. */
export function lazyChildLoggerFactory(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}
