import { useEffect, useState } from "react";

/**
 * The current time, on the server's clock (`skew` ms ahead of the browser's),
 * renewed every `everyMs` so running durations tick. Paused while the tab is
 * hidden; caught up as soon as it is seen again.
 */
export function useNow(skew: number, everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const tick = () => setNow(Date.now() + skew);
    tick();
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") tick();
    }, everyMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [skew, everyMs]);
  return now;
}
