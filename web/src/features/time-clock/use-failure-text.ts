import { useWriteFailureText } from "../../lib/write-failure-text.ts";

/**
 * Why a time clock write failed: the server's own message when it names a
 * field (e.g. "This period is already approved"), else the kind of problem,
 * said of the timesheets.
 */
export const useFailureText = () => useWriteFailureText("timeClock");
