import { useDraggable } from "@dnd-kit/core";
import { Tooltip } from "@mantine/core";
import { IconArrowsExchange, IconArrowsMove, IconCopy, IconUserPlus, IconUserShare } from "@tabler/icons-react";
import type { NearbyShift, Shift, ShiftWarning } from "@workshift/contracts";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BoardView, useBoardView } from "./board-context.ts";
import type { ShiftClock } from "./board-format.ts";
import { type MarkPart, markParts, type ShiftMark, waitsForManager } from "./shift-marks.ts";
import classes from "./WeekGrid.module.css";

/** What a dragged card carries: the shift and the day it sits on. */
export interface DragData {
  shift: Shift;
  date: string;
}

interface ShiftCardProps {
  shift: Shift;
  /** The day it sits on (its start day in its board's zone). */
  date: string;
  selected: boolean;
  /** In the tab order: the grid's focused cell holds the only tabbable cards. */
  tabbable: boolean;
  /** Cut and waiting to be pasted. */
  cut: boolean;
}

/**
 * A shift on the week grid: its times on its board's clock (with the zone's
 * short name when not the week's; an end on the board's next day marked "+1"), job colour and name, unpaid break, and its state:
 * a draft is dashed and lighter with a "Draft" badge, a published shift with
 * unpublished changes says "Pending changes", a removal waiting for publish
 * is struck through. Warnings show as an icon whose tooltip lists them.
 * Dragged with the pointer (dnd-kit); the keyboard is handled by the grid.
 */
export const ShiftCard = memo(function ShiftCard({ shift, date, selected, tabbable, cut }: ShiftCardProps) {
  const view = useBoardView();
  const movable = view.canManage && shift.status !== "deleted";
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: shift.id,
    data: { shift, date } satisfies DragData,
    disabled: !movable,
  });
  const dayEndsAt = view.dayEndsAt(date, shift.board_id);
  const label = useShiftLabel(shift, dayEndsAt, selected);
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...(movable ? listeners : {})}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-roledescription={view.text.roleDescription}
      data-testid="shift-card"
      data-shift-id={shift.id}
      data-date={date}
      data-status={shift.status}
      data-selected={selected || undefined}
      data-dragging={isDragging || undefined}
      data-cut={cut || undefined}
      data-movable={movable || undefined}
      className={classes.card}
      style={{ "--job-color": jobColor(view.jobsById.get(shift.job_id ?? "")?.color) } as React.CSSProperties}
    >
      <ShiftFace shift={shift} dayEndsAt={dayEndsAt} />
    </button>
  );
});

const jobColor = (color: string | undefined) => color ?? "var(--mantine-color-gray-5)";

/**
 * "11:30 PM – 7:30 AM", its "+1" when it ends on the board's next day, then its zone's short name when not the week's.
 * The common card (a day shift on the week's clock) is one isolated element: each element of a card is paid for
 * by every row that scrolls in.
 */
function ShiftTime({ clock, overnight, mark }: { clock: ShiftClock; overnight: boolean; mark: string }) {
  if (!overnight && clock.zone === null) return <bdi className={classes.cardTime}>{clock.range}</bdi>;
  return (
    <span className={classes.cardTime}>
      <bdi>{clock.range}</bdi>
      {overnight ? <sup className={classes.nextDay}>{mark}</sup> : null}
      {clock.zone !== null ? (
        <>
          {" "}
          <bdi className={classes.cardZone} data-testid="shift-zone">
            {clock.zone}
          </bdi>
        </>
      ) : null}
    </span>
  );
}

/** The card's inside, shared with the drag overlay. */
function ShiftFace({ shift, dayEndsAt }: { shift: Shift; dayEndsAt: string }) {
  const view = useBoardView();
  const { text } = view;
  const job = shift.job_id ? view.jobsById.get(shift.job_id) : undefined;
  const warnings = view.warnings.get(shift.id);
  const mark = view.marks.get(shift.id);
  const overnight = shift.ends_at > dayEndsAt;
  const time = <ShiftTime clock={view.shiftClock(shift)} overnight={overnight} mark={text.nextDayMark} />;
  return (
    <>
      {warnings && warnings.length > 0 && shift.status !== "deleted" ? (
        <span className={classes.cardTop}>
          {time}
          <WarningIcon warnings={warnings} />
        </span>
      ) : (
        time
      )}
      {/* The time and the job are two words of the card's text (its label says "time, job"), not one. */}{" "}
      <span className={classes.cardJob}>
        {job ? job.name : text.noJob}
        {shift.break_minutes > 0 ? (
          <span className={classes.cardBreak}> · {text.breakOf(shift.break_minutes)}</span>
        ) : null}
      </span>
      {/* Each part after the job brings its own space: a card has no empty text nodes to create and lay out. */}
      {view.manyBoards ? (
        <>
          {" "}
          <span className={classes.cardBoard}>{view.boardNames.get(shift.board_id) ?? ""}</span>
        </>
      ) : null}
      {mark && markParts(mark).length > 0 ? (
        <>
          {" "}
          <RequestMark mark={mark} />
        </>
      ) : null}
      {shift.status !== "published" ? (
        <>
          {" "}
          <span className={classes.badge} data-kind={shift.status}>
            {text.status[shift.status]}
          </span>
        </>
      ) : null}
    </>
  );
}

const markIcons = { claim: IconUserPlus, cover: IconUserShare, swap: IconArrowsExchange } as const;

/** The icon of what waits on a shift: a person joining for claims, a person handing on for a cover, arrows for a swap. */
export function MarkIcon({ part, size }: { part: MarkPart; size: number }) {
  const Icon = markIcons[part.kind];
  return <Icon size={size} stroke={2} aria-hidden="true" />;
}

/**
 * What waits on the shift ("Cover asked", "2 claims waiting"), in words beside
 * its icon, so print and a screen without colour say it too; solid when a
 * manager's decision is what it waits for. The card's label says it again.
 */
function RequestMark({ mark }: { mark: ShiftMark | undefined }) {
  const view = useBoardView();
  const parts = markParts(mark);
  const first = parts[0];
  if (!first) return null;
  const text = parts.map((part) => view.markText(part)).join(" · ");
  return (
    <span
      className={classes.mark}
      data-testid="shift-mark"
      data-kind={first.kind}
      data-manager={waitsForManager(mark) || undefined}
      title={text}
      aria-hidden="true"
    >
      <MarkIcon part={first} size={12} />
      <span className={classes.markText}>{text}</span>
    </span>
  );
}

/**
 * The warning sign, with the list of warnings (and their hours) in a tooltip.
 * The tooltip machinery is only mounted while pointed at or focused: a big
 * week has hundreds of warned cards. Screen readers get the list in the
 * card's label.
 */
function WarningIcon({ warnings }: { warnings: ShiftWarning[] }) {
  const view = useBoardView();
  const [shown, setShown] = useState(false);
  // The sign is drawn by the stylesheet (a mask of the icon), not an SVG of four elements on every warned card.
  const icon = (
    <span
      className={classes.warning}
      data-testid="shift-warning"
      aria-hidden="true"
      onPointerEnter={() => setShown(true)}
      onPointerLeave={() => setShown(false)}
    ></span>
  );
  if (!shown) return icon;
  return (
    <Tooltip
      opened
      label={
        <ul className={classes.tooltipList}>
          {warnings.map((warning) => (
            <li key={`${warning.kind}-${warning.other_shift_id ?? warning.date ?? ""}`}>{view.warningText(warning)}</li>
          ))}
        </ul>
      }
      multiline
      w={260}
      withArrow
    >
      {icon}
    </Tooltip>
  );
}

interface SaidLabel {
  view: BoardView;
  dayEndsAt: string;
  selected: boolean;
  label: string;
}

/** Each shift's last label: a card that scrolls back in with the same shift and view says it again for free. */
const labels = new WeakMap<Shift, SaidLabel>();

/** Everything the card shows, as one sentence for screen readers. */
export function useShiftLabel(shift: Shift, dayEndsAt: string, selected: boolean): string {
  const view = useBoardView();
  const said = labels.get(shift);
  if (said && said.view === view && said.dayEndsAt === dayEndsAt && said.selected === selected) return said.label;
  const label = shiftLabel(view, shift, dayEndsAt, selected);
  labels.set(shift, { view, dayEndsAt, selected, label });
  return label;
}

function shiftLabel(view: BoardView, shift: Shift, dayEndsAt: string, selected: boolean): string {
  const { text } = view;
  const job = shift.job_id ? view.jobsById.get(shift.job_id) : undefined;
  const parts = [view.shiftTime(shift)];
  if (shift.ends_at > dayEndsAt) parts.push(text.endsNextDay);
  parts.push(job ? job.name : text.noJob);
  if (shift.break_minutes > 0) parts.push(text.breakOf(shift.break_minutes));
  if (view.manyBoards) parts.push(view.boardNames.get(shift.board_id) ?? "");
  // In the order the card shows them: what waits on it, then its state.
  for (const part of markParts(view.marks.get(shift.id))) parts.push(view.markText(part));
  parts.push(text.status[shift.status]);
  const warnings = shift.status === "deleted" ? [] : (view.warnings.get(shift.id) ?? []);
  for (const warning of warnings) parts.push(view.warningText(warning));
  if (selected) parts.push(text.selected);
  return parts.filter(Boolean).join(", ");
}

/** The card under the pointer while dragging, saying whether the drop moves or copies. */
export function DragCard({ shift, date, copy }: { shift: Shift; date: string; copy: boolean }) {
  const view = useBoardView();
  const { t } = useTranslation("schedule");
  const day = view.days.find((d) => d.date === date);
  const Icon = copy ? IconCopy : IconArrowsMove;
  return (
    <div
      className={classes.card}
      data-overlay
      data-status={shift.status}
      style={{ "--job-color": jobColor(view.jobsById.get(shift.job_id ?? "")?.color) } as React.CSSProperties}
    >
      <ShiftFace shift={shift} dayEndsAt={day ? view.dayEndsAt(day.date, shift.board_id) : shift.ends_at} />
      <span className={classes.dragMode} data-copy={copy || undefined} data-testid="drag-mode">
        <Icon size={14} stroke={2} aria-hidden="true" />
        {copy ? t("drag.copy") : t("drag.move")}
      </span>
    </div>
  );
}

/** A shift of the same person on another board: greyed, not editable, so the manager sees they are busy. */
export const ElsewhereCard = memo(function ElsewhereCard({ shift, date }: { shift: NearbyShift; date: string }) {
  const view = useBoardView();
  const board = view.boardNames.get(shift.board_id);
  const dayEndsAt = view.dayEndsAt(date, shift.board_id);
  return (
    <div className={classes.elsewhere} data-testid="elsewhere-card" data-shift-id={shift.id}>
      <ShiftTime clock={view.shiftClock(shift)} overnight={shift.ends_at > dayEndsAt} mark={view.text.nextDayMark} />
      <span className={classes.cardJob}>{board ?? view.text.otherBoard}</span>
    </div>
  );
});
