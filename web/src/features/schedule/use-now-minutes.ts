import { minutesSinceDayStart, todayIn } from "@workshift/contracts";
import { useEffect, useState } from "react";
import type { DayAxis } from "./day-layout.ts";

/** Elapsed minutes of the day now, while the day shown is today in the board's zone (updated each minute); else null. */
export function useNowMinutes(axis: DayAxis): number | null {
  const read = () => {
    if (todayIn(axis.zone) !== axis.date) return null;
    return minutesSinceDayStart(new Date().toISOString(), axis.date, axis.zone);
  };
  const [now, setNow] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read depends on the axis only
  useEffect(() => {
    setNow(read());
    const timer = window.setInterval(() => setNow(read()), 60_000);
    return () => window.clearInterval(timer);
  }, [axis]);
  return now;
}
