// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid of divs laid out with CSS grid (a calendar of buttons, with arrow keys)
// biome-ignore-all lint/a11y/useFocusableInteractive: a roving-tabindex grid: the day buttons take focus, rows and cells never do
import { Button, Skeleton, VisuallyHidden } from "@mantine/core";
import type { MonthResponse } from "@workshift/contracts";
import { todayIn } from "@workshift/contracts";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { countFormat, dayHeadingFormat, hoursFormat, moneyFormat, monthFormat } from "./board-format.ts";
import classes from "./MonthOverview.module.css";
import { useMonth } from "./month-api.ts";
import { type MonthDay, monthTotals, monthWeeks, stepDay, weekdayNames } from "./month-grid.ts";

export interface MonthOverviewProps {
  scope: string;
  month: string;
  onPickDate(date: string): void;
}

/**
 * The month view: a calendar of the board's month in its zone,
 * weeks from the board's week start, each day a button with its shifts,
 * paid hours, open shifts and unpublished changes; the month's totals above.
 * Picking a day opens its timeline.
 */
export function MonthOverview({ scope, month, onPickDate }: MonthOverviewProps) {
  const { t } = useTranslation("scheduleViews");
  const query = useMonth(scope, month);

  if (query.isError && !query.data) {
    return (
      <section className={classes.root} data-testid="month-overview" data-state="error">
        <ErrorAlert title={t("month.errorTitle")}>
          <span className={classes.errorText}>{t("month.error")}</span>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t("month.retry")}
          </Button>
        </ErrorAlert>
      </section>
    );
  }
  if (!query.data || query.data.month !== month) return <MonthSkeleton />;
  // A new month starts with its own focus (today, else the 1st).
  return <MonthCalendar key={month} data={query.data} month={month} onPickDate={onPickDate} />;
}

function MonthSkeleton() {
  const { t } = useTranslation("scheduleViews");
  return (
    <section className={classes.root} data-testid="month-overview" data-state="loading" aria-busy="true">
      <div role="status" aria-label={t("month.loading")} className={classes.skeleton}>
        <Skeleton height={20} width="50%" radius="sm" />
        <div className={classes.skeletonGrid}>
          {Array.from({ length: 35 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={index} className={classes.skeletonCell} radius="sm" />
          ))}
        </div>
      </div>
    </section>
  );
}

function MonthCalendar({
  data,
  month,
  onPickDate,
}: {
  data: MonthResponse;
  month: string;
  onPickDate(date: string): void;
}) {
  const { t, i18n } = useTranslation("scheduleViews");
  const language = i18n.resolvedLanguage;
  const rtl = i18n.dir(language) === "rtl";
  const instructionsId = useId();
  const gridRef = useRef<HTMLDivElement>(null);

  const weeks = useMemo(() => monthWeeks(month, data.week_start), [month, data.week_start]);
  const names = useMemo(() => weekdayNames(data.week_start, language), [data.week_start, language]);
  const byDate = useMemo(() => new Map(data.days.map((day) => [day.date, day])), [data.days]);
  const totals = useMemo(() => monthTotals(data.days), [data.days]);
  const today = todayIn(data.time_zone);
  const first = weeks[0]?.[0]?.date ?? `${month}-01`;
  const last = weeks.at(-1)?.[6]?.date ?? `${month}-01`;

  const [focused, setFocused] = useState(() => (today.slice(0, 7) === month ? today : `${month}-01`));

  const hours = hoursFormat(language);
  const money = moneyFormat(language, data.currency);
  const count = countFormat(language);
  const heading = dayHeadingFormat(language);

  const summary = [
    t("month.shifts", { count: totals.shifts }),
    t("month.hours", { hours: hours(totals.minutes) }),
    totals.cost > 0 ? t("month.cost", { cost: money(totals.cost) }) : null,
    totals.openShifts > 0 ? t("month.openShiftsLong", { count: totals.openShifts }) : null,
    totals.unpublished > 0 ? t("month.unpublishedLong", { count: totals.unpublished }) : null,
  ].filter((part): part is string => part !== null);
  const empty = totals.shifts === 0 && totals.unpublished === 0;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const date = target.dataset.date;
    if (!date || event.altKey || event.ctrlKey || event.metaKey) return;
    let next: string | null = stepDay(date, event.key, rtl);
    if (event.key === "Home") next = first;
    if (event.key === "End") next = last;
    if (!next) return;
    event.preventDefault();
    if (next < first || next > last) return;
    setFocused(next);
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
  };

  return (
    <section
      className={classes.root}
      data-testid="month-overview"
      aria-label={t("month.label", { month: monthFormat(language)(`${month}-01`) })}
    >
      <ul className={classes.summary} aria-label={t("month.totals")} data-testid="month-totals">
        {summary.map((part) => (
          <li key={part}>{part}</li>
        ))}
      </ul>
      {empty ? (
        <p className={classes.empty} data-testid="month-empty">
          {t("month.empty")}
        </p>
      ) : null}
      <VisuallyHidden component="p" id={instructionsId}>
        {t("month.instructions")}
      </VisuallyHidden>
      <div
        ref={gridRef}
        role="grid"
        aria-describedby={instructionsId}
        aria-label={monthFormat(language)(`${month}-01`)}
        className={classes.grid}
        onKeyDown={onKeyDown}
      >
        <div role="row" className={classes.week}>
          {names.map((name) => (
            <div role="columnheader" key={name.weekday} className={classes.weekday} aria-label={name.long}>
              <span className={classes.weekdayShort} aria-hidden="true">
                {name.short}
              </span>
              <span className={classes.weekdayNarrow} aria-hidden="true">
                {name.narrow}
              </span>
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={week[0]?.date} className={classes.week}>
            {week.map((cell) => (
              <div role="gridcell" key={cell.date} className={classes.cell}>
                <DayButton
                  date={cell.date}
                  day={cell.inMonth ? byDate.get(cell.date) : undefined}
                  inMonth={cell.inMonth}
                  today={cell.date === today}
                  focused={cell.date === focused}
                  full={heading(cell.date).full}
                  hours={hours}
                  money={money}
                  count={count}
                  onPick={(date) => {
                    setFocused(date);
                    onPickDate(date);
                  }}
                />
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

interface DayButtonProps {
  date: string;
  day: MonthDay | undefined;
  inMonth: boolean;
  today: boolean;
  focused: boolean;
  full: string;
  hours(minutes: number): string;
  money(amount: number): string;
  count(value: number): string;
  onPick(date: string): void;
}

function DayButton({ date, day, inMonth, today, focused, full, hours, money, count, onPick }: DayButtonProps) {
  const { t } = useTranslation("scheduleViews");
  const shifts = day?.shifts ?? 0;
  const open = day?.open_shifts ?? 0;
  const unpublished = day?.unpublished ?? 0;
  const busy = shifts > 0 || unpublished > 0;
  const label = [
    full,
    today ? t("month.today") : null,
    inMonth ? null : t("month.outside"),
    day && busy ? t("month.shifts", { count: shifts }) : null,
    day && shifts > 0 ? t("month.hours", { hours: hours(day.minutes) }) : null,
    day && day.cost > 0 ? t("month.cost", { cost: money(day.cost) }) : null,
    open > 0 ? t("month.openShiftsLong", { count: open }) : null,
    unpublished > 0 ? t("month.unpublishedLong", { count: unpublished }) : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <button
      type="button"
      className={classes.day}
      data-testid="month-day"
      data-date={date}
      data-shifts={shifts}
      data-outside={inMonth ? undefined : true}
      data-today={today || undefined}
      data-busy={busy || undefined}
      aria-label={label}
      aria-current={today ? "date" : undefined}
      tabIndex={focused ? 0 : -1}
      onClick={() => onPick(date)}
    >
      <span className={classes.dayTop} aria-hidden="true">
        <span className={classes.dayNumber}>{count(Number(date.slice(8)))}</span>
        {busy ? (
          <span className={classes.compact}>
            <span
              className={classes.marker}
              data-open={open > 0 || undefined}
              data-draft={unpublished > 0 || undefined}
            />
            {shifts > 0 ? <Drawn text={count(shifts)} /> : null}
          </span>
        ) : null}
      </span>
      {day && busy ? (
        <span className={classes.details} aria-hidden="true">
          <Drawn className={classes.shiftCount} text={t("month.shifts", { count: shifts })} />
          {shifts > 0 ? <Drawn className={classes.hours} text={hours(day.minutes)} /> : null}
          <span className={classes.badges}>
            {open > 0 ? (
              <Drawn
                className={classes.badge}
                data-kind="open"
                data-testid="month-open"
                text={t("month.openShifts", { count: open })}
              />
            ) : null}
            {unpublished > 0 ? (
              <Drawn
                className={classes.badge}
                data-kind="draft"
                data-testid="month-unpublished"
                text={t("month.unpublished", { count: unpublished })}
              />
            ) : null}
          </span>
        </span>
      ) : null}
    </button>
  );
}

/**
 * A day's figures, drawn by CSS from `data-text`: they repeat the button's
 * label at a glance, so they are not words of the button (its name is the
 * label, which begins with the date whose number is the only text shown).
 */
function Drawn({ text, className, ...data }: { text: string; className?: string; [data: `data-${string}`]: string }) {
  return <span className={className ? `${className} ${classes.drawn}` : classes.drawn} data-text={text} {...data} />;
}
