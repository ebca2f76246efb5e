import { VisuallyHidden } from "@mantine/core";
import { IconBan, IconBeach, IconPlus, IconThumbUp } from "@tabler/icons-react";
import type { NearbyShift, ScheduleJob, Shift, WeekResponse } from "@workshift/contracts";
import {
  type CSSProperties,
  memo,
  type PointerEvent,
  type MouseEvent as ReactMouseEvent,
  useMemo,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import { type AvailabilityBand, availabilityBands } from "./availability-days.ts";
import { useBoardView } from "./board-context.ts";
import { ElsewhereBar, isShift, ShiftBar } from "./DayBars.tsx";
import classes from "./DayTimeline.module.css";
import { type DayAxis, type DayBar, dayBars, fractionAt, percentOf, pickedMinutes, wallTimeAt } from "./day-layout.ts";
import { JobDots } from "./JobDots.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import { type LeaveBand, leaveBands } from "./time-off-days.ts";
import { type BoardRow, draftForRow, personLabel } from "./week-rows.ts";

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

/**
 * A person's (or the open shifts') row of the day: their name and hours,
 * their shifts as bars in lanes (with their shifts on other boards, greyed),
 * and a free spot that adds a shift at the half hour clicked.
 */
export const DayTimelineRow = memo(function TimelineRow({
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
    () => dayBars<Shift | NearbyShift>([...(shifts ?? []), ...(elsewhere ?? [])], axis, view.zoneOf),
    [shifts, elsewhere, axis, view.zoneOf],
  );
  const hintRef = useRef<HTMLSpanElement>(null);
  const availability = person ? view.availability.get(person.user_id)?.get(axis.date) : undefined;
  const bands = useMemo(() => availabilityBands(availability, axis), [availability, axis]);
  const said = availability ? view.availabilityText(availability) : null;
  const leave = person ? view.leave.get(person.user_id)?.get(axis.date) : undefined;
  const leaveBandsOfDay = useMemo(() => leaveBands(leave, axis), [leave, axis]);
  const off = leave ? view.leaveTextIn(leave, axis.zone) : null;
  // Read with the add button: time off first, then what the person said of their hours.
  const about = [off?.description, said?.description].filter(Boolean).join(", ");

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
        {off ? (
          <span
            className={classes.rowLeave}
            title={off.description}
            style={{ "--leave-color": leave?.[0]?.type.color } as CSSProperties}
            data-testid="day-row-leave"
          >
            <span className={classes.rowLeaveMark} aria-hidden="true">
              <IconBeach size={12} stroke={2} />
              <bdi>{off.short}</bdi>
            </span>
            <VisuallyHidden component="span">{off.description}</VisuallyHidden>
          </span>
        ) : null}
        {said ? (
          <span className={classes.rowAvailability} title={said.description} data-testid="day-row-availability">
            {said.away !== null ? (
              <span className={classes.rowAway} aria-hidden="true">
                <IconBan size={12} stroke={2} />
                <bdi>{said.away}</bdi>
              </span>
            ) : null}
            {said.prefer !== null ? (
              <span className={classes.rowPrefer} aria-hidden="true">
                <IconThumbUp size={12} stroke={2} />
                <bdi>{said.prefer}</bdi>
              </span>
            ) : null}
            <VisuallyHidden component="span">{said.description}</VisuallyHidden>
          </span>
        ) : null}
      </div>
      <div className={classes.track} style={{ "--lanes": lanes } as CSSProperties}>
        {bands.map((band) => (
          <Band key={`${band.kind}-${band.start}-${band.end}`} band={band} axis={axis} />
        ))}
        {leaveBandsOfDay.map((band) => (
          <LeaveStripe key={`${band.leave.requestId}-${band.start}`} band={band} axis={axis} />
        ))}
        {canWrite ? (
          <button
            type="button"
            className={classes.add}
            data-testid="day-add"
            aria-label={
              about ? `${t("day.add", { name, date: dayText })}, ${about}` : t("day.add", { name, date: dayText })
            }
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

/**
 * A window the person gave, across its hours of the row, under the bars and
 * the add button: hatched when unavailable, a faint green when preferred. Its
 * words are under the person's name (and read with it).
 */
function Band({ band, axis }: { band: AvailabilityBand; axis: DayAxis }) {
  return (
    <span
      className={classes.band}
      data-kind={band.kind}
      data-testid="day-availability"
      aria-hidden="true"
      style={{
        insetInlineStart: `${percentOf(band.start, axis)}%`,
        inlineSize: `${percentOf(band.end - band.start, axis)}%`,
      }}
    />
  );
}

/**
 * Approved time off across its hours of the row, under the bars: the leave
 * type's colour, solid with a border at each end (unavailability is hatched).
 * Its words are under the person's name (and read with it).
 */
function LeaveStripe({ band, axis }: { band: LeaveBand; axis: DayAxis }) {
  return (
    <span
      className={classes.leaveBand}
      data-part={band.leave.part || undefined}
      data-testid="day-leave"
      aria-hidden="true"
      style={
        {
          "--leave-color": band.leave.type.color,
          insetInlineStart: `${percentOf(band.start, axis)}%`,
          inlineSize: `${percentOf(band.end - band.start, axis)}%`,
        } as CSSProperties
      }
    />
  );
}

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
      <JobDots
        jobs={jobs}
        max={4}
        short={view.jobShort}
        label={view.text.jobsOf(jobs.map((job) => job.name).join(", "))}
        className={classes.dots}
      />
    </span>
  );
}
