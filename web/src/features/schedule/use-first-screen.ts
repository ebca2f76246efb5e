import { useEffect, useState } from "react";

/** Past this, the rest comes even if the page has not been idle (a busy machine still gets its totals). */
const AT_MOST_MS = 500;

/**
 * False while the board draws its first screen, true once the page has
 * painted it and is idle. What that screen can do without (the week's
 * totals, rows mounted ahead of a scroll) waits for it, so the rows people
 * look at are drawn first.
 */
export function useFirstScreenDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn) return;
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(() => setDrawn(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setDrawn(true), { timeout: AT_MOST_MS });
    return () => cancelIdleCallback(handle);
  }, [drawn]);
  return drawn;
}
