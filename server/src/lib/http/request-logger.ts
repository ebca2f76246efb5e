import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type Level = "trace" | "debug" | "info" | "warn" | "error" | "fatal";
type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
/** What pino's loggers have beside FastifyBaseLogger: the levels' numbers. */
type Leveled = FastifyBaseLogger & { levels: { values: Record<string, number> }; levelVal: number };

/**
 * A request's logger, bound to its id (and its route's level), made the first time its
 * request writes a line. Fastify asks for one per request, and pino's child costs about a
 * twelfth of a cheap route's throughput even when nothing is written (at `warn`, a request
 * that succeeds writes nothing). Every line written still goes through the same child, so
 * it carries the request id as before.
 */
class RequestLogger {
  #parent: Leveled;
  #bindings: Bindings;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: Leveled, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const values = this.#parent.levels.values;
    return (values[level] ?? 0) >= (values[this.level] ?? this.#parent.levelVal);
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const child = this.#made();
    (child[level] as (...args: unknown[]) => void).apply(child, args);
  }

  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request's logger made lazily (RequestLogger). */
export const lazyRequestLoggers: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger as Leveled, bindings, options) as unknown as FastifyBaseLogger;
