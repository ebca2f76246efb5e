import type { TimeOffCalendarResponse } from "@workshift/contracts";

/**
 * How many of each job's people are off on a day, against the job's limit
 * ("3 of 5 bartenders off", over a limit of 2): approved leave counts, pending
 * is said apart. Over the limit is the server's word or the numbers' own, so a
 * limit changed since the answer was read still warns.
 */
export interface JobCount {
  jobId: string;
  name: string;
  color: string;
  /** Approved off that day. */
  off: number;
  pending: number;
  /** The job's people. */
  people: number;
  limit: number | null;
  over: boolean;
}

/** Each day's counts, jobs in the answer's order, only jobs with someone off or asking. */
export function jobCountsByDay(data: TimeOffCalendarResponse): Map<string, JobCount[]> {
  const jobs = new Map(data.jobs.map((job, index) => [job.id, { job, index }]));
  const days = new Map<string, (JobCount & { index: number })[]>();
  for (const count of data.counts) {
    const found = jobs.get(count.job_id);
    if (!found || (count.approved === 0 && count.pending === 0)) continue;
    const { job, index } = found;
    const line = {
      jobId: job.id,
      name: job.name,
      color: job.color,
      off: count.approved,
      pending: count.pending,
      people: job.people,
      limit: job.limit,
      over: count.over_limit || (job.limit !== null && count.approved > job.limit),
      index,
    };
    days.set(count.day, [...(days.get(count.day) ?? []), line]);
  }
  const sorted = new Map<string, JobCount[]>();
  for (const [day, lines] of days) {
    sorted.set(
      day,
      lines.sort((a, b) => a.index - b.index).map(({ index: _index, ...line }) => line),
    );
  }
  return sorted;
}

/** The jobs with someone off on any of the days (the week's count rows), in the answer's order. */
export function jobsWithCounts(counts: ReadonlyMap<string, readonly JobCount[]>, dates: readonly string[]) {
  const seen = new Map<string, Pick<JobCount, "jobId" | "name" | "color" | "people" | "limit">>();
  for (const date of dates) {
    for (const line of counts.get(date) ?? []) {
      if (!seen.has(line.jobId))
        seen.set(line.jobId, {
          jobId: line.jobId,
          name: line.name,
          color: line.color,
          people: line.people,
          limit: line.limit,
        });
    }
  }
  return [...seen.values()];
}

/** Whether any job is over its limit that day (the month's cell shows a warning). */
export function overOn(lines: readonly JobCount[] | undefined): JobCount[] {
  return (lines ?? []).filter((line) => line.over);
}
