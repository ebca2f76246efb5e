import { useTranslation } from "react-i18next";
import { fullDay } from "../../../lib/time-off-format.ts";
import classes from "./Calendar.module.css";
import { blocksOn } from "./calendar-layout.ts";
import { CountLine, DayNotes } from "./DayMarks.tsx";
import { LeaveChip } from "./LeaveChip.tsx";
import type { DaysProps } from "./MonthGrid.tsx";

/**
 * The calendar on a phone: a list of the days that have anything to show (who
 * is off, a holiday, blocked dates), each with its people, its notes and the
 * count of each job off.
 */
export function DayList({ dates, month, today, items, holidays, blocks, counts, onOpen }: DaysProps) {
  const { t, i18n } = useTranslation("timeOff");
  const language = i18n.resolvedLanguage;
  const shown = dates.filter(
    (date) =>
      (month === null || date.startsWith(month)) &&
      ((items.get(date)?.length ?? 0) > 0 ||
        (holidays.get(date)?.length ?? 0) > 0 ||
        blocksOn(blocks, date).length > 0),
  );
  return (
    <ul className={classes.dayList} data-testid="time-off-day-list">
      {shown.map((date) => {
        const dayItems = items.get(date) ?? [];
        const full = fullDay(date, language);
        return (
          <li key={date}>
            <section
              className={classes.daySection}
              aria-label={full}
              data-date={date}
              data-today={date === today || undefined}
              data-testid="time-off-day"
            >
              <h3 className={classes.daySectionTitle}>
                {full}
                {date === today ? ` · ${t("calendar.today")}` : ""}
              </h3>
              <DayNotes holidays={holidays.get(date) ?? []} blocks={blocksOn(blocks, date)} />
              {(counts.get(date) ?? []).map((line) => (
                <CountLine key={line.jobId} line={line} />
              ))}
              {dayItems.length > 0 ? (
                <ul className={classes.items} aria-label={t("calendar.offOn", { day: full, count: dayItems.length })}>
                  {dayItems.map((item) => (
                    <li key={`${item.requestId}-${item.userId}`}>
                      <LeaveChip item={item} show="both" onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          </li>
        );
      })}
    </ul>
  );
}
