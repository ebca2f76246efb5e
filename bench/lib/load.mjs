import autocannon from "autocannon";

/**
 * Drives `url` with autocannon (GET, keep-alive) for `seconds` over
 * `connections` connections and returns { rps, total, non2xx, errors, timeouts }.
 * `rps` is autocannon's mean of per-second request counts. Stops early (and
 * rejects) if `signal` aborts.
 */
export async function measureRps(url, { connections = 10, seconds = 5, signal } = {}) {
  signal?.throwIfAborted();
  const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10 });
  const onAbort = () => instance.stop();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const result = await instance;
    signal?.throwIfAborted();
    return {
      rps: result.requests.average,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    };
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Throws unless (nearly) every request of a measureRps result got a 2xx answer. */
export function assertHealthyLoad(label, result) {
  const bad = result.non2xx + result.errors + result.timeouts;
  if (result.total === 0 || bad > result.total * 0.001) {
    throw new Error(
      `${label}: ${result.total} answers, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ` +
        "a throughput made of failures would mean nothing",
    );
  }
}
