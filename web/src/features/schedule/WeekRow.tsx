// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid of divs: its rows are virtualised (absolutely placed) and laid out with CSS grid, which table elements do not allow
// biome-ignore-all lint/a11y/useFocusableInteractive: a roving-tabindex grid: only the focused cell and its shifts take focus, rows and headers never do
import { useDroppable } from "@dnd-kit/core";
import { IconBan, IconBeach, IconThumbUp } from "@tabler/icons-react";
import type { NearbyShift, ScheduleJob, SchedulePerson, Shift } from "@workshift/contracts";
import { type CSSProperties, memo, type RefObject, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DayAvailabilityCell } from "./availability-days.ts";
import { type DayColumn, useBoardView } from "./board-context.ts";
import { JobDots } from "./JobDots.tsx";
import { ElsewhereCard, ShiftCard } from "./ShiftCard.tsx";
import { type LeaveDay, wholeDayOff } from "./time-off-days.ts";
import classes from "./WeekGrid.module.css";
import type { BoardRow } from "./week-rows.ts";
import { personLabel } from "./week-rows.ts";

/** A person's (or the open shifts') week figures in the first column. */
export interface RowTotals {
  minutes: number;
  cost: number | null;
  shifts: number;
  /** Paid minutes over the weekly limit. */
  over: boolean;
}

/** What a drop zone (a cell) carries. */
export interface CellData {
  rowKey: string;
  rowIndex: number;
  date: string;
}

export const cellId = (rowKey: string, date: string) => `cell|${rowKey}|${date}`;

interface RowProps {
  row: Exclude<BoardRow, { kind: "section" }>;
  rowIndex: number;
  cells: ReadonlyMap<string, Shift[]> | undefined;
  elsewhere: ReadonlyMap<string, NearbyShift[]> | undefined;
  totals: RowTotals | undefined;
  /** The day index of the grid's focused cell when it is in this row, else null. */
  activeDay: number | null;
  selection: ReadonlySet<string>;
  cutId: string | null;
  /** A card is being dragged: the cells take drops. */
  dropping: boolean;
}

/**
 * One row of the week: the person (or "Open shifts") in the sticky first
 * column with their week's hours and cost, then a cell per day. Memoised:
 * a change elsewhere on the board does not render it again.
 */
export const WeekRow = memo(function WeekRow({
  row,
  rowIndex,
  cells,
  elsewhere,
  totals,
  activeDay,
  selection,
  cutId,
  dropping,
}: RowProps) {
  const view = useBoardView();
  const { text } = view;
  const person = row.kind === "person" ? row.person : null;
  const name = person ? personLabel(person) || text.unnamed : text.openShifts;
  const availability = person ? view.availability.get(person.user_id) : undefined;
  const leave = person ? view.leave.get(person.user_id) : undefined;
  return (
    <>
      <div role="rowheader" className={classes.person} data-open={person ? undefined : true}>
        {person ? <PersonHeading person={person} name={name} /> : <span className={classes.personName}>{name}</span>}
        {totals ? (
          <span className={classes.personTotals} data-over={totals.over || undefined}>
            <span>{view.hours(totals.minutes)}</span>
            {totals.cost !== null && totals.cost > 0 ? <span>{view.money(totals.cost)}</span> : null}
            {totals.over ? <span className={classes.visuallyHidden}>{text.overLimit}</span> : null}
          </span>
        ) : null}
      </div>
      {view.days.map((day) => (
        <Cell
          key={day.date}
          rowKey={row.key}
          rowIndex={rowIndex}
          userId={person?.user_id ?? "open"}
          day={day}
          shifts={cells?.get(day.date)}
          elsewhere={elsewhere?.get(day.date)}
          availability={availability?.get(day.date)}
          leave={leave?.get(day.date)}
          active={activeDay === day.index}
          selection={selection}
          cutId={cutId}
          dropping={dropping}
        />
      ))}
    </>
  );
});

function PersonHeading({ person, name }: { person: SchedulePerson; name: string }) {
  const view = useBoardView();
  const jobs = person.job_ids
    .map((id) => view.jobsById.get(id))
    .filter((job): job is ScheduleJob => job !== undefined && !job.is_archived);
  return (
    <span className={classes.personHead}>
      <span className={classes.personName} title={name}>
        {name}
      </span>
      {person.status !== "active" ? (
        <span className={classes.personStatus}>{view.text.personStatus[person.status]}</span>
      ) : null}
      <JobDots
        jobs={jobs}
        max={6}
        short={view.jobShort}
        label={view.text.jobsOf(jobs.map((job) => job.name).join(", "))}
      />
    </span>
  );
}

interface CellProps {
  rowKey: string;
  rowIndex: number;
  userId: string;
  day: DayColumn;
  shifts: Shift[] | undefined;
  elsewhere: NearbyShift[] | undefined;
  /** The person's availability that day (absent: nothing said). */
  availability: DayAvailabilityCell | undefined;
  /** The person's approved time off that day (absent: none). */
  leave: readonly LeaveDay[] | undefined;
  active: boolean;
  selection: ReadonlySet<string>;
  cutId: string | null;
  dropping: boolean;
}

function Cell({
  rowKey,
  rowIndex,
  userId,
  day,
  shifts,
  elsewhere,
  availability,
  leave,
  active,
  selection,
  cutId,
  dropping,
}: CellProps) {
  const view = useBoardView();
  const cell = useRef<HTMLDivElement>(null);
  const count = shifts?.length ?? 0;
  return (
    <div
      ref={cell}
      role="gridcell"
      tabIndex={active ? 0 : -1}
      data-testid="schedule-cell"
      data-date={day.date}
      data-user-id={userId}
      data-row-key={rowKey}
      data-row-index={rowIndex}
      data-day={day.index}
      data-today={day.today || undefined}
      data-away={availability?.unavailable ?? undefined}
      data-prefer={(availability && availability.prefer.length > 0) || undefined}
      data-leave={leave ? (wholeDayOff(leave) ? "day" : "part") : undefined}
      style={leave ? ({ "--leave-color": leave[0]?.type.color } as CSSProperties) : undefined}
      className={classes.cell}
    >
      {dropping && view.canManage ? (
        <DropTarget cell={cell} data={{ rowKey, rowIndex, date: day.date }} id={cellId(rowKey, day.date)} />
      ) : null}
      {leave ? <LeaveLine days={leave} /> : null}
      {availability ? <AvailabilityLine cell={availability} /> : null}
      {shifts?.map((shift) => (
        <ShiftCard
          key={shift.id}
          shift={shift}
          date={day.date}
          selected={selection.has(shift.id)}
          tabbable={active}
          cut={shift.id === cutId}
        />
      ))}
      {elsewhere?.map((shift) => (
        <ElsewhereCard key={shift.id} shift={shift} date={day.date} />
      ))}
      {view.canManage && count === 0 ? (
        <span className={classes.addHint} aria-hidden="true">
          +
        </span>
      ) : null}
    </div>
  );
}

/**
 * Makes its cell a drop zone while a card is dragged. Registering a drop
 * zone re-renders the drag context, and every cell of every row that scrolls
 * in did so: the cells take drops only while a drag is on, which is when
 * dnd-kit measures them. "Over" is marked on the cell directly, so the
 * pointer moving does not render the row.
 */
function DropTarget({ cell, id, data }: { cell: RefObject<HTMLDivElement | null>; id: string; data: CellData }) {
  const { setNodeRef, isOver } = useDroppable({ id, data });
  useLayoutEffect(() => {
    setNodeRef(cell.current);
    return () => setNodeRef(null);
  }, [cell, setNodeRef]);
  useLayoutEffect(() => {
    const node = cell.current;
    if (!node) return;
    node.toggleAttribute("data-over", isOver);
    return () => node.removeAttribute("data-over");
  }, [cell, isOver]);
  return null;
}

/**
 * What the person said of the day, at the top of its cell: their unavailable
 * hours on a hatched band ("Unavailable" when it is the whole day, and the
 * cell is hatched too), their preferred hours beside a thumb. Icons and words,
 * not colour alone, say which; the full sentence with their note is read out
 * with the cell and shown on pointing.
 */
const AvailabilityLine = memo(function AvailabilityLine({ cell }: { cell: DayAvailabilityCell }) {
  const view = useBoardView();
  const said = view.availabilityText(cell);
  return (
    <span className={classes.availability} title={said.description} data-testid="cell-availability">
      {said.away !== null ? (
        <span className={classes.away} data-whole={cell.unavailable === "day" || undefined} aria-hidden="true">
          <IconBan size={12} stroke={2} />
          <bdi className={classes.availabilityText}>{said.away}</bdi>
        </span>
      ) : null}
      {said.prefer !== null ? (
        <span className={classes.prefer} aria-hidden="true">
          <IconThumbUp size={12} stroke={2} />
          <bdi className={classes.availabilityText}>{said.prefer}</bdi>
        </span>
      ) : null}
      <span className={classes.visuallyHidden}>{said.description}</span>
    </span>
  );
});

/**
 * The person's approved time off that day, first in its cell: the leave
 * type's colour on a beach icon's band, and its name (with the hours of a
 * part). A whole day tints the cell in that colour, solid, unlike the hatching
 * of unavailability; the words say it without colour, and are read out with
 * the cell.
 */
const LeaveLine = memo(function LeaveLine({ days }: { days: readonly LeaveDay[] }) {
  const view = useBoardView();
  const said = view.leaveText(days);
  return (
    <span className={classes.leave} title={said.description} data-testid="cell-leave">
      <span className={classes.leaveMark} aria-hidden="true">
        <IconBeach size={12} stroke={2} />
        <bdi className={classes.availabilityText}>{said.short}</bdi>
      </span>
      <span className={classes.visuallyHidden}>{said.description}</span>
    </span>
  );
});

/** A job's section heading when grouped by job ("No job" for shifts without one). */
export const SectionRow = memo(function SectionRow({ job, people }: { job: ScheduleJob | null; people: number }) {
  const view = useBoardView();
  const { t } = useTranslation("schedule");
  return (
    <div role="rowheader" aria-colspan={view.days.length + 1} className={classes.section}>
      <span className={classes.sectionLabel}>
        <span
          className={classes.dot}
          style={{ backgroundColor: job?.color ?? "var(--mantine-color-gray-4)" }}
          aria-hidden="true"
        />
        <span className={classes.sectionName}>{job ? job.name : t("grid.noJob")}</span>
        <span className={classes.sectionCount}>{t("grid.peopleCount", { count: people })}</span>
      </span>
    </div>
  );
});
