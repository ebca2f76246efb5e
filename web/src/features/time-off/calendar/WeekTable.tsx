import { useTranslation } from "react-i18next";
import { fullDay } from "../../../lib/time-off-format.ts";
import classes from "./Calendar.module.css";
import type { CalendarBlock, LeaveItem, PersonRow } from "./calendar-layout.ts";
import { blocksOn } from "./calendar-layout.ts";
import { CountLine, DayNotes } from "./DayMarks.tsx";
import type { JobCount } from "./job-counts.ts";
import { jobsWithCounts } from "./job-counts.ts";
import { LeaveChip } from "./LeaveChip.tsx";

interface WeekTableProps {
  dates: readonly string[];
  today: string;
  rows: readonly PersonRow[];
  holidays: ReadonlyMap<string, string[]>;
  blocks: readonly CalendarBlock[];
  counts: ReadonlyMap<string, JobCount[]>;
  onOpen(item: LeaveItem): void;
}

/**
 * The week: a table of the people off by its seven days, each cell their
 * leave that day (its type, the hours of a part of a day), the days' holidays
 * and blocked dates in the headings, and below, per job, how many are off each
 * day against its limit. Scrolls sideways when the screen is narrower.
 */
export function WeekTable({ dates, today, rows, holidays, blocks, counts, onOpen }: WeekTableProps) {
  const { t, i18n } = useTranslation("timeOff");
  const language = i18n.resolvedLanguage;
  const heading = new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", timeZone: "UTC" });
  const jobs = jobsWithCounts(counts, dates);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region takes focus so a keyboard can scroll it
    <section className={classes.tableWrap} tabIndex={0} aria-label={t("calendar.weekTable")}>
      <table className={classes.table} data-testid="time-off-week">
        <thead>
          <tr>
            <th scope="col" className={classes.personHead}>
              {t("calendar.person")}
            </th>
            {dates.map((date) => {
              const dayBlocks = blocksOn(blocks, date);
              const dayHolidays = holidays.get(date) ?? [];
              return (
                <th
                  key={date}
                  scope="col"
                  abbr={fullDay(date, language)}
                  data-date={date}
                  data-holiday={dayHolidays.length > 0 || undefined}
                  data-blocked={dayBlocks.length > 0 || undefined}
                >
                  <div className={classes.dayHead}>
                    <span className={classes.dayHeadDate} data-today={date === today || undefined}>
                      {heading.format(new Date(`${date}T12:00:00Z`))}
                      {date === today ? ` · ${t("calendar.today")}` : ""}
                    </span>
                    <DayNotes holidays={dayHolidays} blocks={dayBlocks} />
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId} data-user-id={row.userId}>
              <th scope="row" className={classes.person}>
                <bdi>{row.name}</bdi>
              </th>
              {dates.map((date) => {
                const items = row.days.get(date) ?? [];
                return (
                  <td key={date} data-holiday={(holidays.get(date)?.length ?? 0) > 0 || undefined}>
                    {items.length > 0 ? (
                      <ul className={classes.items}>
                        {items.map((item) => (
                          <li key={item.requestId}>
                            <LeaveChip item={item} show="type" onOpen={onOpen} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {jobs.length > 0 ? (
          <tfoot>
            <tr>
              <th scope="rowgroup" colSpan={dates.length + 1} className={classes.countsHead}>
                {t("calendar.countsTitle")}
              </th>
            </tr>
            {jobs.map((job) => (
              <tr key={job.jobId}>
                <th scope="row">
                  <span className={classes.jobName}>
                    <span className={classes.jobDot} style={{ backgroundColor: job.color }} aria-hidden="true" />
                    <bdi>{job.name}</bdi>
                  </span>
                </th>
                {dates.map((date) => {
                  const line = counts.get(date)?.find((count) => count.jobId === job.jobId);
                  return <td key={date}>{line ? <CountLine line={line} withJob={false} /> : null}</td>;
                })}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
