import type { ScheduleJob } from "@workshift/contracts";
import classes from "./JobDots.module.css";

interface JobDotsProps {
  jobs: readonly ScheduleJob[];
  /** How many dots fit where the row shows them. */
  max: number;
  /** What a screen reader hears for them all (the jobs' names). */
  label: string;
  className?: string;
}

/** A person's jobs as dots of their colours, beside the person's name in a row of the board. */
export function JobDots({ jobs, max, label, className }: JobDotsProps) {
  if (jobs.length === 0) return null;
  return (
    <span className={className ? `${classes.dots} ${className}` : classes.dots} role="img" aria-label={label}>
      {jobs.slice(0, max).map((job) => (
        <span key={job.id} className={classes.dot} style={{ backgroundColor: job.color }} />
      ))}
    </span>
  );
}
