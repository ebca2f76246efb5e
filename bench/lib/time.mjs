/** Waiting helpers. Every wait in the bench has a bound; these make that easy. */

export class TimeoutError extends Error {
  name = "TimeoutError";
}

/** Resolves after `ms`; rejects early (with the signal's reason) if `signal` aborts. */
export function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Settles like `promise`, or rejects with a TimeoutError naming `what` after `ms`.
 * The underlying work is not cancelled: pair this with something that stops it.
 */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not finish within ${Math.round(ms)} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Milliseconds on a monotonic clock. */
export function now() {
  return performance.now();
}
