import { RESEND_COOLDOWN_SECONDS } from "@workshift/contracts";
import { useEffect, useState } from "react";

/** When a new code may be asked for: the cooldown after a send (spec §4: 59 s), or the server's Retry-After. */
export function resendAvailableAt(from: number, waitSeconds = RESEND_COOLDOWN_SECONDS): number {
  return from + waitSeconds * 1000;
}

/** Whole seconds left until `at` (59, 58, … 0), rounded up so 0 means "now". */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The seconds left until `at`, updated as they pass; a time stamp (not a counter) survives reloads and sleeping tabs. */
export function useSecondsUntil(at: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at, Date.now()));
  useEffect(() => {
    setSeconds(secondsUntil(at, Date.now()));
    const timer = setInterval(() => {
      const left = secondsUntil(at, Date.now());
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}
