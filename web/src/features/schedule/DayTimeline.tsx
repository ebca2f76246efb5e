import { VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconChevronsLeft, IconChevronsRight, IconPlus } from "@tabler/icons-react";
import {
  addDays,
  minutesSinceDayStart,
  type NearbyShift,
  type ScheduleJob,
  type Shift,
  todayIn,
  type WeekResponse,
} from "@workshift/contracts";
import {
  type CSSProperties,
  memo,
  type PointerEvent,
  type MouseEvent as ReactMouseEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { BoardFilter } from "../../lib/board-url.ts";
import { BoardViewContext, useBoardView } from "./board-context.ts";
import classes from "./DayTimeline.module.css";
import {
  type DayAxis,
  type DayBar,
  dayAxis,
  dayBars,
  fractionAt,
  indexDay,
  percentOf,
  pickedMinutes,
  wallTimeAt,
} from "./day-layout.ts";
import { useShiftLabel } from "./ShiftCard.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import { useBoardFigures } from "./use-board-figures.ts";
import { type BoardRow, draftForRow, personLabel, shiftsInFilter } from "./week-rows.ts";

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
 * The day view (issue #6): one day of the board in its time zone as a
 * horizontal timeline: an hour ruler (23 or 25 hours on a clock-change day),
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
    () => indexDay(shown, week.nearby_shifts, axis, filter.groupByJob),
    [shown, week.nearby_shifts, axis, filter.groupByJob],
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
        const start = minutesSinceDayStart(shift.starts_at, axis.date, axis.zone);
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
                    <SectionHeading key={row.key} job={row.job} people={row.people} />
                  ) : (
                    <TimelineRow
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

/** Elapsed minutes of the day now, while the day shown is today in the board's zone (updated each minute); else null. */
function useNowMinutes(axis: DayAxis): number | null {
  const read = () => {
    if (todayIn(axis.zone) !== axis.date) return null;
    return minutesSinceDayStart(new Date().toISOString(), axis.date, axis.zone);
  };
  const [now, setNow] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read depends on the axis only
  useEffect(() => {
    setNow(read());
    const timer = window.setInterval(() => setNow(read()), 60_000);
    return () => window.clearInterval(timer);
  }, [axis]);
  return now;
}

interface RowProps {
  row: Exclude<BoardRow, { kind: "section" }>;
  axis: DayAxis;
  dayText: string;
  shifts: Shift[] | undefined;
  elsewhere: NearbyShift[] | undefined;
  minutes: number;
  canWrite: boolean;
  week: WeekResponse;
  onOpen(draft: ShiftDraft): void;
}

const TimelineRow = memo(function TimelineRow({
  row,
  axis,
  dayText,
  shifts,
  elsewhere,
  minutes,
  canWrite,
  week,
  onOpen,
}: RowProps) {
  const view = useBoardView();
  const { t } = useTranslation("scheduleViews");
  const person = row.kind === "person" ? row.person : null;
  const name = person ? personLabel(person) || view.text.unnamed : view.text.openShifts;
  // The row's shifts and the person's shifts elsewhere share lanes (they never overlap for one person).
  const { bars, lanes } = useMemo(
    () => dayBars<Shift | NearbyShift>([...(shifts ?? []), ...(elsewhere ?? [])], axis),
    [shifts, elsewhere, axis],
  );
  const hintRef = useRef<HTMLSpanElement>(null);

  const pick = (clientX: number, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    return pickedMinutes(fractionAt(clientX, box, view.rtl), axis);
  };

  const add = (event: ReactMouseEvent<HTMLButtonElement>) => {
    // Enter or Space (no pointer): the editor's default time; a click: the half hour clicked.
    const start = event.detail === 0 ? undefined : wallTimeAt(axis, pick(event.clientX, event.currentTarget));
    const draft = draftForRow(week, row, axis.date, start);
    if (draft) onOpen(draft);
  };

  const showHint = (event: PointerEvent<HTMLButtonElement>) => {
    const hint = hintRef.current;
    if (!hint || event.pointerType === "touch") return;
    const at = pick(event.clientX, event.currentTarget);
    hint.style.insetInlineStart = `${percentOf(at, axis)}%`;
    hint.textContent = t("day.addAt", { time: clockText(view.language, axis, at) });
    hint.hidden = false;
  };
  const hideHint = () => {
    if (hintRef.current) hintRef.current.hidden = true;
  };

  return (
    <li
      className={classes.row}
      data-testid="day-row"
      data-user-id={person?.user_id ?? "open"}
      data-job-id={row.kind === "person" && row.jobId !== undefined ? (row.jobId ?? "none") : undefined}
      data-open={person ? undefined : true}
    >
      <div className={classes.name}>
        {person ? (
          <PersonName name={name} status={person.status} jobIds={person.job_ids} />
        ) : (
          <span className={classes.personName}>{name}</span>
        )}
        {minutes > 0 ? <span className={classes.rowHours}>{view.hours(minutes)}</span> : null}
      </div>
      <div className={classes.track} style={{ "--lanes": lanes } as CSSProperties}>
        {canWrite ? (
          <button
            type="button"
            className={classes.add}
            data-testid="day-add"
            aria-label={t("day.add", { name, date: dayText })}
            onClick={add}
            onPointerMove={showHint}
            onPointerLeave={hideHint}
          >
            <span ref={hintRef} className={classes.hint} hidden aria-hidden="true" />
            <IconPlus className={classes.addIcon} size={16} stroke={2} aria-hidden="true" />
          </button>
        ) : null}
        {bars.map((bar) =>
          isShift(bar.item) ? (
            <ShiftBar key={bar.item.id} bar={bar as DayBar<Shift>} axis={axis} onOpen={onOpen} />
          ) : (
            <ElsewhereBar key={bar.item.id} bar={bar as DayBar<NearbyShift>} axis={axis} />
          ),
        )}
      </div>
    </li>
  );
});

/** A shift of the board (an editable bar), not a nearby one (NearbyShift has no status). */
const isShift = (item: Shift | NearbyShift): item is Shift => "status" in item;

/** "09:30" / "9:30 AM" at an elapsed minute of the day, in the board's zone. */
function clockText(language: string | undefined, axis: DayAxis, minutes: number): string {
  const at = new Date(Date.parse(axis.startsAt) + minutes * 60_000);
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: axis.zone }).format(at);
}

function PersonName({ name, status, jobIds }: { name: string; status: string; jobIds: readonly string[] }) {
  const view = useBoardView();
  const jobs = jobIds
    .map((id) => view.jobsById.get(id))
    .filter((job): job is ScheduleJob => job !== undefined && !job.is_archived);
  return (
    <span className={classes.personHead}>
      <span className={classes.personName} title={name}>
        {name}
      </span>
      {status !== "active" ? (
        <span className={classes.personStatus}>
          {view.text.personStatus[status as keyof typeof view.text.personStatus]}
        </span>
      ) : null}
      {jobs.length > 0 ? (
        <span className={classes.dots} role="img" aria-label={view.text.jobsOf(jobs.map((job) => job.name).join(", "))}>
          {jobs.slice(0, 4).map((job) => (
            <span key={job.id} className={classes.dot} style={{ backgroundColor: job.color }} />
          ))}
        </span>
      ) : null}
    </span>
  );
}

const barPlace = (bar: { start: number; end: number }, axis: DayAxis, lane: number): CSSProperties => ({
  insetInlineStart: `${percentOf(bar.start, axis)}%`,
  inlineSize: `${percentOf(bar.end - bar.start, axis)}%`,
  insetBlockStart: `calc(${lane} * var(--lane) + var(--track-pad))`,
});

const ShiftBar = memo(function ShiftBar({
  bar,
  axis,
  onOpen,
}: {
  bar: DayBar<Shift>;
  axis: DayAxis;
  onOpen(draft: ShiftDraft): void;
}) {
  const view = useBoardView();
  const { t } = useTranslation("scheduleViews");
  const shift = bar.item;
  const job = shift.job_id ? view.jobsById.get(shift.job_id) : undefined;
  const warnings = shift.status === "deleted" ? [] : (view.warnings.get(shift.id) ?? []);
  const label = useShiftLabel(shift, axis.endsAt, false);
  const fullLabel = bar.clippedStart ? `${label}, ${t("day.startedBefore")}` : label;
  const Before = view.rtl ? IconChevronsRight : IconChevronsLeft;
  const After = view.rtl ? IconChevronsLeft : IconChevronsRight;
  const open = () =>
    onOpen({
      shift,
      boardId: shift.board_id,
      // The day it sits on: its start day (the day before for an overnight shift cut at the start).
      date: bar.clippedStart ? addDays(axis.date, -1) : axis.date,
      userId: shift.user_id,
      jobId: shift.job_id,
    });
  return (
    <button
      type="button"
      className={classes.bar}
      data-testid="day-shift"
      data-shift-id={shift.id}
      data-status={shift.status}
      data-clip-start={bar.clippedStart || undefined}
      data-clip-end={bar.clippedEnd || undefined}
      aria-label={fullLabel}
      title={fullLabel}
      onClick={open}
      style={
        {
          ...barPlace(bar, axis, bar.lane),
          "--job-color": job?.color ?? "var(--mantine-color-gray-5)",
        } as CSSProperties
      }
    >
      {bar.clippedStart ? (
        <span className={classes.cue} data-testid="day-shift-before" title={t("day.continuesBefore")}>
          <Before size={12} stroke={2.25} aria-hidden="true" />
        </span>
      ) : null}
      <span className={classes.barText}>
        <span className={classes.barTime}>
          <bdi>{view.timeRange(shift.starts_at, shift.ends_at)}</bdi>
        </span>
        <span className={classes.barJob}>{job ? job.name : view.text.noJob}</span>
      </span>
      {shift.status !== "published" ? (
        <span className={classes.badge} data-kind={shift.status}>
          {view.text.status[shift.status]}
        </span>
      ) : null}
      {warnings.length > 0 ? (
        <span
          className={classes.warning}
          data-testid="day-shift-warning"
          title={warnings.map((warning) => view.warningText(warning)).join("\n")}
        >
          <IconAlertTriangle size={13} stroke={2} aria-hidden="true" />
          {warnings.length > 1 ? <span>{view.count(warnings.length)}</span> : null}
        </span>
      ) : null}
      {bar.clippedEnd ? (
        <span className={classes.cue} data-end title={t("day.continuesAfter")}>
          <After size={12} stroke={2.25} aria-hidden="true" />
        </span>
      ) : null}
    </button>
  );
});

/** The person's shift on another board (or outside the loaded week): greyed, not editable. */
function ElsewhereBar({ bar, axis }: { bar: DayBar<NearbyShift>; axis: DayAxis }) {
  const view = useBoardView();
  const { t } = useTranslation("scheduleViews");
  const Before = view.rtl ? IconChevronsRight : IconChevronsLeft;
  const After = view.rtl ? IconChevronsLeft : IconChevronsRight;
  const shift = bar.item;
  const text = `${view.timeRange(shift.starts_at, shift.ends_at)}, ${view.boardNames.get(shift.board_id) ?? view.text.otherBoard}`;
  return (
    <div
      className={classes.elsewhere}
      data-testid="day-elsewhere"
      data-shift-id={shift.id}
      data-clip-start={bar.clippedStart || undefined}
      data-clip-end={bar.clippedEnd || undefined}
      title={text}
      style={barPlace(bar, axis, bar.lane)}
    >
      {bar.clippedStart ? (
        <span className={classes.cue} title={t("day.continuesBefore")}>
          <Before size={12} stroke={2.25} aria-hidden="true" />
        </span>
      ) : null}
      <span className={classes.barTime}>
        <bdi>{view.timeRange(shift.starts_at, shift.ends_at)}</bdi>
      </span>
      <VisuallyHidden component="span">{view.boardNames.get(shift.board_id) ?? view.text.otherBoard}</VisuallyHidden>
      {bar.clippedEnd ? (
        <span className={classes.cue} data-end title={t("day.continuesAfter")}>
          <After size={12} stroke={2.25} aria-hidden="true" />
        </span>
      ) : null}
    </div>
  );
}

function SectionHeading({ job, people }: { job: ScheduleJob | null; people: number }) {
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
