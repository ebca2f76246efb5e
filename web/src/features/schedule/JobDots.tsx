import type { ScheduleJob } from "@workshift/contracts";
import classes from "./JobDots.module.css";

interface JobDotsProps {
  jobs: readonly ScheduleJob[];
  /** How many fit where the row shows them. */
  max: number;
  /** Each job's short name (never the colour alone). */
  short: ReadonlyMap<string, string>;
  /** What a screen reader hears for them all (the jobs' names). */
  label: string;
  className?: string;
}

/**
 * A person's jobs beside their name in a row of the board: each one's colour
 * with its short name in letters ("KI", "FD"), so it reads without colour;
 * the full names on hover and for screen readers.
 */
export function JobDots({ jobs, max, short, label, className }: JobDotsProps) {
  if (jobs.length === 0) return null;
  return (
    <span
      className={className ? `${classes.dots} ${className}` : classes.dots}
      role="img"
      aria-label={label}
      title={jobs.map((job) => job.name).join(", ")}
    >
      {jobs.slice(0, max).map((job) => (
        <span key={job.id} className={classes.chip} data-testid="job-chip">
          <span className={classes.dot} style={{ backgroundColor: job.color }} />
          {short.get(job.id) ?? ""}
        </span>
      ))}
    </span>
  );
}
