import type { ScheduleJob } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import classes from "./DayTimeline.module.css";

/** A job's heading when the rows are grouped by job, with how many people it has. */
export function DaySectionHeading({ job, people }: { job: ScheduleJob | null; people: number }) {
  const { t } = useTranslation("schedule");
  return (
    <li className={classes.section} data-testid="day-section" data-job-id={job?.id ?? "none"}>
      <span className={classes.sectionLabel}>
        <span
          className={classes.dot}
          style={{ backgroundColor: job?.color ?? "var(--mantine-color-gray-4)" }}
          aria-hidden="true"
        />
        <span className={classes.sectionName}>{job ? job.name : t("grid.noJob")}</span>
        <span className={classes.sectionCount}>{t("grid.peopleCount", { count: people })}</span>
      </span>
    </li>
  );
}
