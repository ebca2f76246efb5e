import { useWriteFailureText } from "../../lib/write-failure-text.ts";

/** Why a write on the board failed, said of the schedule (no permission to change it, a shift gone meanwhile). */
export const useFailureText = () => useWriteFailureText("scheduleEdit");
