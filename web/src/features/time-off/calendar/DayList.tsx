import { IconCalendarOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { fullDay, isolated, leaveDateRange } from "../../../lib/time-off-format.ts";
import classes from "./Calendar.module.css";
import { blocksOn } from "./calendar-layout.ts";
import { CountLine, DayNotes } from "./DayMarks.tsx";
import { LeaveChip } from "./LeaveChip.tsx";
import type { DaysProps } from "./MonthGrid.tsx";

/**
 * The calendar on a phone: the blocked periods first, then a list of the
 * days that have anyone off or a holiday, each with its people, its notes and
 * the count of each job off.
 */
export function DayList({ dates, month, today, items, holidays, blocks, counts, onOpen }: DaysProps) {
  const { t, i18n } = useTranslation("timeOff");
  const language = i18n.resolvedLanguage;
  const inRange = dates.filter((date) => month === null || date.startsWith(month));
  const shown = inRange.filter((date) => (items.get(date)?.length ?? 0) > 0 || (holidays.get(date)?.length ?? 0) > 0);
  const first = inRange[0] ?? "";
  const last = inRange.at(-1) ?? "";
  const periods = blocks.filter((block) => block.ends_on >= first && block.starts_on <= last);
  return (
    <>
      {periods.length > 0 ? (
        <ul className={classes.items} aria-label={t("calendar.blockedPeriods")}>
          {periods.map((block) => (
            <li key={block.id} className={classes.mark} data-kind="blocked" data-testid="time-off-blocked">
              <IconCalendarOff size={14} stroke={1.75} aria-hidden="true" />
              <span>
                {t("calendar.blockedPeriod", {
                  dates: isolated(leaveDateRange(block.starts_on, block.ends_on, language)),
                  reason: isolated(block.reason),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className={classes.dayList} data-testid="time-off-day-list">
        {shown.map((date) => {
          const dayItems = items.get(date) ?? [];
          const full = fullDay(date, language);
          return (
            <li key={date}>
              <div
                className={classes.daySection}
                data-date={date}
                data-today={date === today || undefined}
                data-testid="time-off-day"
              >
                <h3 className={classes.daySectionTitle}>
                  {full}
                  {date === today ? ` · ${t("calendar.today")}` : ""}
                </h3>
                <DayNotes
                  holidays={holidays.get(date) ?? []}
                  blocks={blocksOn(blocks, date)}
                  quietBlocks={() => true}
                />
                {(counts.get(date) ?? []).map((line) => (
                  <CountLine key={line.jobId} line={line} />
                ))}
                {dayItems.length > 0 ? (
                  <ul className={classes.items} aria-label={t("calendar.offOn", { day: full })}>
                    {dayItems.map((item) => (
                      <li key={`${item.requestId}-${item.userId}`}>
                        <LeaveChip item={item} show="both" onOpen={onOpen} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
