import { VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconChevronsLeft, IconChevronsRight } from "@tabler/icons-react";
import { addDays, type NearbyShift, type Shift } from "@workshift/contracts";
import { type CSSProperties, memo } from "react";
import { useTranslation } from "react-i18next";
import { useBoardView } from "./board-context.ts";
import classes from "./DayTimeline.module.css";
import { type DayAxis, type DayBar, percentOf } from "./day-layout.ts";
import { MarkIcon, useShiftLabel } from "./ShiftCard.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import { markParts, waitsForManager } from "./shift-marks.ts";

/** A shift of the board (an editable bar), not a nearby one (NearbyShift has no status). */
export const isShift = (item: Shift | NearbyShift): item is Shift => "status" in item;

const barPlace = (bar: { start: number; end: number }, axis: DayAxis, lane: number): CSSProperties => ({
  insetInlineStart: `${percentOf(bar.start, axis)}%`,
  inlineSize: `${percentOf(bar.end - bar.start, axis)}%`,
  insetBlockStart: `calc(${lane} * var(--lane) + var(--track-pad))`,
});

/** A shift of the board as a bar placed by its start and end, cut at the day's edges with a chevron; it opens the shift. */
export const ShiftBar = memo(function ShiftBar({
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
  const label = useShiftLabel(shift, view.dayEndsAt(axis.date, shift.board_id), false);
  const mark = view.marks.get(shift.id);
  const waiting = markParts(mark);
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
          <bdi>{view.shiftTime(shift)}</bdi>
        </span>{" "}
        <span className={classes.barJob}>{job ? job.name : view.text.noJob}</span>
      </span>
      {waiting[0] ? (
        <span
          className={classes.requestMark}
          data-testid="day-shift-mark"
          data-manager={waitsForManager(mark) || undefined}
          title={waiting.map((part) => view.markText(part)).join("\n")}
        >
          <MarkIcon part={waiting[0]} size={12} />
          {mark && mark.claims > 1 ? <span>{view.count(mark.claims)}</span> : null}
        </span>
      ) : null}
      {shift.status !== "published" ? " " : null}
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
export function ElsewhereBar({ bar, axis }: { bar: DayBar<NearbyShift>; axis: DayAxis }) {
  const view = useBoardView();
  const { t } = useTranslation("scheduleViews");
  const Before = view.rtl ? IconChevronsRight : IconChevronsLeft;
  const After = view.rtl ? IconChevronsLeft : IconChevronsRight;
  const shift = bar.item;
  const text = `${view.shiftTime(shift)}, ${view.boardNames.get(shift.board_id) ?? view.text.otherBoard}`;
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
        <bdi>{view.shiftTime(shift)}</bdi>
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
