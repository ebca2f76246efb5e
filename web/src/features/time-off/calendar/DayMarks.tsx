import { VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconBeach, IconCalendarOff, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isolated } from "../../../lib/time-off-format.ts";
import classes from "./Calendar.module.css";
import type { CalendarBlock } from "./calendar-layout.ts";
import type { JobCount } from "./job-counts.ts";

/**
 * A day's public holidays and blocked dates, each marked by an icon and its
 * words. `quietBlocks`: a blocked period's words are written on its first day
 * shown only (the hatching says the rest); a screen reader still hears them.
 */
export function DayNotes({
  holidays,
  blocks,
  quietBlocks = () => false,
}: {
  holidays: readonly string[];
  blocks: readonly CalendarBlock[];
  quietBlocks?: (block: CalendarBlock) => boolean;
}) {
  const { t } = useTranslation("timeOff");
  return (
    <>
      {holidays.map((name) => (
        <span key={`h-${name}`} className={classes.mark} data-kind="holiday" data-testid="time-off-holiday">
          <IconBeach size={14} stroke={1.75} aria-hidden="true" />
          <span>{t("calendar.holiday", { name: isolated(name) })}</span>
        </span>
      ))}
      {blocks.map((block) =>
        quietBlocks(block) ? (
          <span key={`b-${block.id}`} className={classes.mark} data-kind="blocked" data-testid="time-off-blocked">
            <IconCalendarOff size={14} stroke={1.75} aria-hidden="true" />
            <VisuallyHidden>{t("calendar.blocked", { reason: isolated(block.reason) })}</VisuallyHidden>
          </span>
        ) : (
          <span key={`b-${block.id}`} className={classes.mark} data-kind="blocked" data-testid="time-off-blocked">
            <IconCalendarOff size={14} stroke={1.75} aria-hidden="true" />
            <span>{t("calendar.blocked", { reason: isolated(block.reason) })}</span>
          </span>
        ),
      )}
    </>
  );
}

/** "Bartender: 3 of 5 off (+1 pending)", and over the job's limit, a warning saying so. */
export function CountLine({ line, withJob = true }: { line: JobCount; withJob?: boolean }) {
  const { t } = useTranslation("timeOff");
  const counted = t("calendar.count.off", { off: line.off, people: line.people });
  const pending = line.pending > 0 ? ` ${t("calendar.count.pending", { count: line.pending })}` : "";
  const text = withJob ? t("calendar.count.job", { job: isolated(line.name), counted }) : counted;
  return (
    <span
      className={classes.mark}
      data-kind={line.over ? "over" : "count"}
      data-testid="time-off-count"
      data-over={line.over || undefined}
    >
      {line.over ? (
        <IconAlertTriangle size={14} stroke={2} aria-hidden="true" />
      ) : (
        <IconUsers size={14} stroke={1.75} aria-hidden="true" />
      )}
      <span>
        {text}
        {pending}
        {line.over && line.limit !== null ? ` — ${t("calendar.count.over", { limit: line.limit })}` : ""}
      </span>
    </span>
  );
}
