import { Popover } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { fullDay } from "../../../lib/time-off-format.ts";
import classes from "./Calendar.module.css";
import type { CalendarBlock, LeaveItem } from "./calendar-layout.ts";
import { blocksOn, splitShown, weeksOf } from "./calendar-layout.ts";
import { CountLine, DayNotes } from "./DayMarks.tsx";
import type { JobCount } from "./job-counts.ts";
import { overOn } from "./job-counts.ts";
import { LeaveChip } from "./LeaveChip.tsx";

/** How many people a day's cell lists before "+N more". */
const SHOWN_PER_DAY = 3;

export interface DaysProps {
  dates: readonly string[];
  /** "YYYY-MM": days of the weeks around it are dimmed; null: every day is in range. */
  month: string | null;
  today: string;
  weekStart: number;
  items: ReadonlyMap<string, LeaveItem[]>;
  holidays: ReadonlyMap<string, string[]>;
  blocks: readonly CalendarBlock[];
  counts: ReadonlyMap<string, JobCount[]>;
  onOpen(item: LeaveItem): void;
}

/**
 * The month: a calendar of whole weeks, each day listing who is off
 * (approved first, then pending; "+3 more" opens the whole day), its public
 * holidays and blocked dates, and a warning for a job over its limit.
 */
export function MonthGrid({ dates, month, today, weekStart, items, holidays, blocks, counts, onOpen }: DaysProps) {
  const { t, i18n } = useTranslation("timeOff");
  const language = i18n.resolvedLanguage;
  const short = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  // 7 January 2024 was a Sunday.
  const names = Array.from({ length: 7 }, (_, day) => short.format(new Date(Date.UTC(2024, 0, 7 + day))));
  const order = Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
  const number = new Intl.NumberFormat(language);
  return (
    <div className={classes.month} data-testid="time-off-month">
      {order.map((weekday) => (
        <div key={weekday} className={classes.weekday} aria-hidden="true">
          {names[weekday]}
        </div>
      ))}
      {weeksOf(dates).flatMap((week) =>
        week.map((date, column) => {
          const dayItems = items.get(date) ?? [];
          const { shown, more } = splitShown(dayItems, SHOWN_PER_DAY);
          const dayBlocks = blocksOn(blocks, date);
          const dayHolidays = holidays.get(date) ?? [];
          const over = overOn(counts.get(date));
          const outside = month !== null && !date.startsWith(month);
          const full = fullDay(date, language);
          return (
            // A group per day (not a region: a month of landmarks would drown the page's own).
            // biome-ignore lint/a11y/useSemanticElements: a day of the calendar grid, not a form's fieldset
            <div
              role="group"
              key={date}
              className={classes.cell}
              aria-label={[full, date === today ? t("calendar.today") : null].filter(Boolean).join(", ")}
              data-date={date}
              data-outside={outside || undefined}
              data-holiday={dayHolidays.length > 0 || undefined}
              data-blocked={dayBlocks.length > 0 || undefined}
              data-testid="time-off-day"
            >
              <span className={classes.dayNumber} data-today={date === today || undefined} aria-hidden="true">
                {number.format(Number(date.slice(8)))}
              </span>
              <DayNotes
                holidays={dayHolidays}
                blocks={dayBlocks}
                // The words on the block's first day and at the start of each week; the hatching says the rest.
                quietBlocks={(block) => column > 0 && block.starts_on < date}
              />
              {over.map((line) => (
                <CountLine key={line.jobId} line={line} />
              ))}
              {dayItems.length > 0 ? (
                <ul className={classes.items} aria-label={t("calendar.offOn", { day: full })}>
                  {shown.map((item) => (
                    <li key={`${item.requestId}-${item.userId}`}>
                      <LeaveChip item={item} show="person" onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {more > 0 ? (
                <MoreOnDay
                  date={date}
                  full={full}
                  more={more}
                  items={dayItems}
                  counts={counts.get(date) ?? []}
                  onOpen={onOpen}
                />
              ) : null}
            </div>
          );
        }),
      )}
    </div>
  );
}

/** "+3 more": the whole day in a popover (its people and the count of each job). */
function MoreOnDay({
  date,
  full,
  more,
  items,
  counts,
  onOpen,
}: {
  date: string;
  full: string;
  more: number;
  items: readonly LeaveItem[];
  counts: readonly JobCount[];
  onOpen(item: LeaveItem): void;
}) {
  const { t } = useTranslation("timeOff");
  return (
    <Popover position="bottom" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <button
          type="button"
          className={classes.more}
          aria-label={t("calendar.moreLabel", { count: more, day: full })}
          data-testid="time-off-more"
          data-date={date}
        >
          {t("calendar.more", { count: more })}
        </button>
      </Popover.Target>
      <Popover.Dropdown>
        <div className={classes.popover}>
          <h3 className={classes.popoverTitle}>{full}</h3>
          {counts.map((line) => (
            <CountLine key={line.jobId} line={line} />
          ))}
          <ul className={classes.items}>
            {items.map((item) => (
              <li key={`${item.requestId}-${item.userId}`}>
                <LeaveChip item={item} show="both" onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
