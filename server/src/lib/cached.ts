/**
 * `compute` at most once per `freshForMs` however often the answer is asked
 * for; callers that ask while it runs share that run. A failure is meant to be
 * an answer too (turn it into a value); a rejection is passed on and not kept.
 */
export function cached<T>(compute: () => Promise<T>, freshForMs: number): () => Promise<T> {
  let last: { value: T; at: number } | null = null;
  let running: Promise<T> | null = null;
  return () => {
    if (last && Date.now() - last.at < freshForMs) return Promise.resolve(last.value);
    running ??= compute()
      .then((value) => {
        last = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}
