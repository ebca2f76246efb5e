import type { ClockStatus } from "@workshift/contracts";
import type { ClockInTarget } from "./use-clock.ts";

/** The clock-in's target as the picker holds it: "shift", "job:<id>", or "" (none chosen yet). */
export function defaultTarget(status: ClockStatus): string {
  if (status.shift) return "shift";
  const [only] = status.jobs;
  return status.jobs.length === 1 && only ? `job:${only.id}` : "";
}

/** What a clock-in sends for the picked target: the shift, a job, or neither. */
export function targetOf(value: string, status: ClockStatus): ClockInTarget {
  if (value === "shift" && status.shift) return { shift_id: status.shift.id };
  if (value.startsWith("job:")) return { job_id: value.slice(4) };
  return {};
}
