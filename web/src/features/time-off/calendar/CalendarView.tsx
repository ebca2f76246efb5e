import { Button, Skeleton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TimeOffCalendarResponse } from "@workshift/contracts";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import classes from "./Calendar.module.css";
import { CalendarLegend } from "./CalendarLegend.tsx";
import { CalendarToolbar } from "./CalendarToolbar.tsx";
import { rangeTitle } from "./calendar-format.ts";
import {
  byDay,
  type CalendarRange,
  holidaysByDay,
  type LeaveItem,
  leaveItems,
  nobodyOff,
  personRows,
  type CalendarView as View,
} from "./calendar-layout.ts";
import { DayList } from "./DayList.tsx";
import { jobCountsByDay } from "./job-counts.ts";
import { MonthGrid } from "./MonthGrid.tsx";
import { WeekTable } from "./WeekTable.tsx";

export interface CalendarViewProps {
  view: View;
  anchor: string;
  range: CalendarRange;
  today: string;
  weekStart: number;
  /** The answer for these days (or the last one, dimmed, while the next loads). */
  data: TimeOffCalendarResponse | undefined;
  /** Waiting cancellations by the approved leave they would cancel. */
  cancellations: ReadonlyMap<string, string> | undefined;
  busy: boolean;
  /** Why the days could not be read, in words; null when they could. */
  failure: string | null;
  onRetry(): void;
  retrying: boolean;
  onStep(direction: -1 | 1): void;
  onToday(): void;
  onView(view: View): void;
  onOpen(item: LeaveItem): void;
}

/**
 * The team calendar's tab: its toolbar, a legend, and the month or the week
 * of who is off (a list of days on a phone), with the loading, empty and
 * failed states.
 */
export function CalendarView(props: CalendarViewProps) {
  const { view, anchor, range, today, weekStart, data, cancellations, busy, failure, onRetry, retrying, onOpen } =
    props;
  const { t, i18n } = useTranslation("timeOff");
  const language = i18n.resolvedLanguage;
  const phone = useMediaQuery("(max-width: 47.99em)");
  const titleId = useId();
  const title = rangeTitle(view, anchor, range, language);

  const layout = useMemo(() => {
    if (!data) return null;
    const items = leaveItems(data, language, cancellations);
    return {
      items,
      days: byDay(items),
      rows: personRows(items, range.dates, language),
      holidays: holidaysByDay(data),
      counts: jobCountsByDay(data),
      types: data.leave_types.filter((type) => items.some((item) => item.leaveType.id === type.id)),
    };
  }, [data, language, range.dates, cancellations]);

  const month = view === "month" ? anchor.slice(0, 7) : null;
  const empty = layout ? nobodyOff(layout.items, range, month) : false;

  return (
    <section className={classes.root} aria-labelledby={titleId} data-testid="time-off-calendar" data-view={view}>
      <CalendarToolbar
        view={view}
        title={title}
        titleId={titleId}
        onStep={props.onStep}
        onToday={props.onToday}
        onView={props.onView}
      />
      {failure && !data ? (
        <ErrorAlert title={t("calendar.errorTitle")}>
          {failure}{" "}
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying} ml="xs">
            {t("calendar.retry")}
          </Button>
        </ErrorAlert>
      ) : !layout ? (
        <div
          role="status"
          aria-label={t("calendar.loading")}
          className={classes.skeleton}
          data-testid="time-off-loading"
        >
          {Array.from({ length: 35 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={index} height={88} radius="sm" />
          ))}
        </div>
      ) : (
        <div className={busy ? classes.busy : undefined} aria-busy={busy || undefined}>
          <div className={classes.root}>
            {layout.types.length > 0 ? <CalendarLegend types={layout.types} /> : null}
            {failure ? (
              <ErrorAlert title={t("calendar.errorTitle")}>
                {failure}{" "}
                <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying} ml="xs">
                  {t("calendar.retry")}
                </Button>
              </ErrorAlert>
            ) : null}
            {empty ? (
              <p className={classes.empty} data-testid="time-off-empty">
                {view === "month" ? t("calendar.emptyMonth") : t("calendar.emptyWeek")}
              </p>
            ) : null}
            {phone ? (
              <DayList
                dates={range.dates}
                month={month}
                today={today}
                weekStart={weekStart}
                items={layout.days}
                holidays={layout.holidays}
                blocks={data?.blocks ?? []}
                counts={layout.counts}
                onOpen={onOpen}
              />
            ) : view === "month" ? (
              <MonthGrid
                dates={range.dates}
                month={month}
                today={today}
                weekStart={weekStart}
                items={layout.days}
                holidays={layout.holidays}
                blocks={data?.blocks ?? []}
                counts={layout.counts}
                onOpen={onOpen}
              />
            ) : empty ? null : (
              <WeekTable
                dates={range.dates}
                today={today}
                rows={layout.rows}
                holidays={layout.holidays}
                blocks={data?.blocks ?? []}
                counts={layout.counts}
                onOpen={onOpen}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
