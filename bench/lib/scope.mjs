import { withTimeout } from "./time.mjs";

/**
 * Clean-up registry: `defer` what must be undone, `close` undoes it all in
 * reverse order, each step bounded by a timeout, and never throws; it returns
 * the messages of the steps that failed.
 */
export class Scope {
  #steps = [];
  #closed = false;

  /** @param {string} what  what is being cleaned up, for error messages */
  defer(what, fn) {
    if (this.#closed) throw new Error(`cannot defer "${what}": this scope is already closed`);
    this.#steps.push({ what, fn });
  }

  get closed() {
    return this.#closed;
  }

  async close({ stepTimeoutMs = 30_000 } = {}) {
    this.#closed = true;
    const failures = [];
    while (this.#steps.length > 0) {
      const { what, fn } = this.#steps.pop();
      try {
        await withTimeout(Promise.resolve().then(fn), stepTimeoutMs, `clean-up "${what}"`);
      } catch (error) {
        failures.push(`clean-up "${what}" failed: ${error.message}`);
      }
    }
    return failures;
  }
}
