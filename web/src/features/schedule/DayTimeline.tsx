import { VisuallyHidden } from "@mantine/core";
import { minutesSinceDayStart, type WeekResponse } from "@workshift/contracts";
import { type CSSProperties, useId, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { BoardFilter } from "../../lib/board-url.ts";
import { BoardViewContext } from "./board-context.ts";
import { DaySectionHeading } from "./DaySectionHeading.tsx";
import classes from "./DayTimeline.module.css";
import { DayTimelineRow } from "./DayTimelineRow.tsx";
import { dayAxis, indexDay, percentOf } from "./day-layout.ts";
import type { ShiftDraft } from "./schedule-types.ts";
import { useBoardFigures } from "./use-board-figures.ts";
import { useNowMinutes } from "./use-now-minutes.ts";
import { shiftsInFilter } from "./week-rows.ts";

export interface DayTimelineProps {
  week: WeekResponse;
  date: string;
  filter: BoardFilter;
  onOpen(draft: ShiftDraft): void;
}

/** Hours before the first shift left in view when the timeline opens scrolled (narrow screens). */
const LEAD_MINUTES = 60;
const DEFAULT_FIRST_MINUTES = 8 * 60;

/**
 * The day view: one day of the board in its time zone (each shift on its
 * own board's day and clock, on "all" too) as a horizontal timeline: an hour ruler (23 or 25 hours on a clock-change day),
 * a row per person as in the week (same filter, search and grouping, open
 * shifts first) with their shifts as bars placed by start and end. Overnight
 * shifts are cut at the day's edges with a chevron. A bar opens the shift; a
 * free spot of a row adds one starting at that half hour (Enter on the row:
 * at the editor's default time). In Arabic time runs right to left.
 */
export function DayTimeline({ week, date, filter, onOpen }: DayTimelineProps) {
  const { t } = useTranslation("scheduleViews");
  const figures = useBoardFigures(week, filter);
  const { view, rows } = figures;
  const zone = week.time_zone;
  const axis = useMemo(() => dayAxis(date, zone), [date, zone]);
  const shown = useMemo(() => shiftsInFilter(week.shifts, filter.jobIds), [week.shifts, filter.jobIds]);
  const index = useMemo(
    () => indexDay(shown, week.nearby_shifts, axis, filter.groupByJob, view.zoneOf),
    [shown, week.nearby_shifts, axis, filter.groupByJob, view.zoneOf],
  );
  const canWrite = week.can_manage && week.boards.length > 0;
  const instructionsId = useId();
  const dayText = useMemo(
    () =>
      new Intl.DateTimeFormat(view.language, { dateStyle: "full", timeZone: "UTC" }).format(
        new Date(`${date}T12:00:00Z`),
      ),
    [date, view.language],
  );
  const hourLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(view.language, { hour: "numeric", timeZone: zone });
    return (instant: string) => format.format(new Date(instant));
  }, [view.language, zone]);

  const now = useNowMinutes(axis);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  // Opens scrolled to a little before the day's first shift (or the morning) when the day is wider than the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another day is shown, not on every change
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const track = trackRef.current;
    if (!scroller || !track || scroller.scrollWidth <= scroller.clientWidth) return;
    let first = now ?? Number.POSITIVE_INFINITY;
    for (const list of index.rows.values()) {
      for (const shift of list) {
        const start = minutesSinceDayStart(shift.starts_at, axis.date, view.zoneOf(shift.board_id));
        // Overnight shifts of the day before are already in view at the day's start.
        if (start >= 0) first = Math.min(first, start);
      }
    }
    if (!Number.isFinite(first)) first = DEFAULT_FIRST_MINUTES;
    const offset = Math.max(0, (Math.max(0, first - LEAD_MINUTES) / axis.minutes) * track.clientWidth);
    // Right to left, scrollLeft counts from the right edge, negatively.
    scroller.scrollLeft = view.rtl ? -offset : offset;
  }, [axis]);

  const totals = figures.dayTotals.get(date);
  const summary = [
    t("day.hours", { hours: view.hours(totals?.minutes ?? 0) }),
    t("day.headcount", { count: totals?.headcount ?? 0 }),
    totals?.cost ? t("day.cost", { cost: view.money(totals.cost) }) : null,
    totals?.open ? t("day.openShifts", { count: totals.open }) : null,
    axis.minutes < 1440 ? t("day.shortDay") : axis.minutes > 1440 ? t("day.longDay") : null,
  ].filter((part): part is string => part !== null);

  const style = { "--day-hours": axis.minutes / 60 } as CSSProperties;
  return (
    <BoardViewContext value={view}>
      <section className={classes.root} data-testid="day-timeline" aria-label={t("day.label", { date: dayText })}>
        <VisuallyHidden component="p" id={instructionsId}>
          {canWrite ? t("day.instructions") : t("day.instructionsReadOnly")}
        </VisuallyHidden>
        <ul className={classes.summary} aria-label={t("day.totals")} data-testid="day-totals">
          {summary.map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
        <div
          ref={scrollerRef}
          className={classes.scroller}
          style={style}
          aria-describedby={instructionsId}
          data-rtl={view.rtl || undefined}
        >
          <div className={classes.canvas}>
            <div className={classes.head}>
              <div className={classes.corner}>{t("day.people")}</div>
              <div className={classes.ruler} data-testid="day-ruler" aria-hidden="true" ref={trackRef}>
                {axis.marks.map((mark) => (
                  <span
                    key={mark.instant}
                    className={classes.mark}
                    data-odd={Number(mark.time.slice(0, 2)) % 2 === 1 || undefined}
                    data-time={mark.time}
                    style={{ insetInlineStart: `${percentOf(mark.minutes, axis)}%` }}
                  >
                    {hourLabel(mark.instant)}
                  </span>
                ))}
                {now !== null ? (
                  <span className={classes.nowLabel} style={{ insetInlineStart: `${percentOf(now, axis)}%` }}>
                    {t("day.now")}
                  </span>
                ) : null}
              </div>
            </div>
            <div className={classes.body}>
              <div className={classes.lines} aria-hidden="true">
                {axis.marks.map((mark) => (
                  <span
                    key={mark.instant}
                    className={classes.line}
                    data-odd={Number(mark.time.slice(0, 2)) % 2 === 1 || undefined}
                    style={{ insetInlineStart: `${percentOf(mark.minutes, axis)}%` }}
                  />
                ))}
                {now !== null ? (
                  <span className={classes.now} style={{ insetInlineStart: `${percentOf(now, axis)}%` }} />
                ) : null}
              </div>
              <ul className={classes.rows}>
                {rows.map((row) =>
                  row.kind === "section" ? (
                    <DaySectionHeading key={row.key} job={row.job} people={row.people} />
                  ) : (
                    <DayTimelineRow
                      key={row.key}
                      row={row}
                      axis={axis}
                      dayText={dayText}
                      shifts={index.rows.get(row.key)}
                      elsewhere={row.kind === "person" ? index.elsewhere.get(row.person.user_id) : undefined}
                      minutes={index.minutes.get(row.key) ?? 0}
                      canWrite={canWrite}
                      week={week}
                      onOpen={onOpen}
                    />
                  ),
                )}
              </ul>
            </div>
          </div>
        </div>
      </section>
    </BoardViewContext>
  );
}
