export const PING_TIMEOUT_MS = 2000;

/**
 * A ping that answers within `timeoutMs`. Behind PgBouncer a query to a
 * PostgreSQL that is down waits in the pooler's queue (up to its
 * query_wait_timeout) instead of failing, and a probe must not wait that
 * long. At most one ping query is outstanding: while it waits, others fail at
 * once rather than take more of the pool's connections.
 */
export function boundedPing(query: () => Promise<void>, timeoutMs = PING_TIMEOUT_MS): () => Promise<void> {
  let outstanding: Promise<void> | null = null;
  return () => {
    if (outstanding) return Promise.reject(new Error("the previous ping has not been answered"));
    const current = query().finally(() => {
      outstanding = null;
    });
    outstanding = current;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("the database did not answer in time")), timeoutMs);
    });
    return Promise.race([current, late]).finally(() => clearTimeout(timer));
  };
}
