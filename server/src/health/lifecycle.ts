/**
 * Whether the process is stopping. main.ts marks it on SIGTERM/SIGINT before
 * it closes the listener, so readiness answers 503 at once (a proxy or an
 * orchestrator stops sending new work) while requests in flight finish.
 */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
