import { VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { NearbyShift, Shift } from "@workshift/contracts";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { useBoardView } from "../board-context.ts";
import type { ShiftDraft } from "../schedule-types.ts";
import { markParts } from "../shift-marks.ts";
import classes from "./WeekAgenda.module.css";

const jobColor = (color: string | undefined) => color ?? "var(--mantine-color-gray-5)";

/**
 * A shift of the agenda, all in words (colour only repeats the job's name):
 * its times on its board's clock ("+1" when it ends the next day), job and
 * break, board when several are shown, its status, what waits on it, and
 * each warning as a sentence. Opens the shift editor; its name is what it
 * shows, in the order it shows it.
 */
export const AgendaShift = memo(function AgendaShift({
  shift,
  date,
  onOpen,
}: {
  shift: Shift;
  date: string;
  onOpen(draft: ShiftDraft): void;
}) {
  const view = useBoardView();
  const { text } = view;
  const dayEndsAt = view.dayEndsAt(date, shift.board_id);
  const job = shift.job_id ? view.jobsById.get(shift.job_id) : undefined;
  const clock = view.shiftClock(shift);
  const warnings = shift.status === "deleted" ? [] : (view.warnings.get(shift.id) ?? []);
  const marks = markParts(view.marks.get(shift.id));
  return (
    <button
      type="button"
      className={classes.shift}
      data-testid="agenda-shift"
      data-shift-id={shift.id}
      data-status={shift.status}
      style={{ "--job-color": jobColor(job?.color) } as React.CSSProperties}
      onClick={() => onOpen({ shift, boardId: shift.board_id, date, userId: shift.user_id, jobId: shift.job_id })}
    >
      <span className={classes.shiftTop}>
        <span className={classes.shiftTime}>
          <bdi>{clock.range}</bdi>
          {shift.ends_at > dayEndsAt ? (
            <>
              <sup className={classes.nextDay} aria-hidden="true">
                {text.nextDayMark}
              </sup>
              <VisuallyHidden>, {text.endsNextDay}</VisuallyHidden>
            </>
          ) : null}
          {clock.zone !== null ? <bdi className={classes.shiftZone}> {clock.zone}</bdi> : null}
        </span>
        <Separator />
        <span className={classes.badge} data-kind={shift.status}>
          {text.status[shift.status]}
        </span>
      </span>
      <Separator />
      <span className={classes.shiftJob}>
        <span className={classes.jobDot} aria-hidden="true" />
        <span>
          {job ? job.name : text.noJob}
          {shift.break_minutes > 0 ? <span className={classes.dim}> · {text.breakOf(shift.break_minutes)}</span> : null}
          {view.manyBoards ? <span className={classes.dim}> · {view.boardNames.get(shift.board_id) ?? ""}</span> : null}
        </span>
      </span>
      {marks.length > 0 ? <Separator /> : null}
      {marks.length > 0 ? (
        <span className={classes.shiftMark} data-testid="agenda-mark">
          {marks.map((part) => view.markText(part)).join(" · ")}
        </span>
      ) : null}
      {warnings.map((warning) => (
        <span
          key={`${warning.kind}-${warning.other_shift_id ?? warning.date ?? ""}`}
          className={classes.shiftWarning}
          data-testid="agenda-warning"
        >
          <IconAlertTriangle size={14} stroke={2} aria-hidden="true" />
          <Separator />
          <span>{view.warningText(warning)}</span>
        </span>
      ))}
    </button>
  );
});

/** A pause between the parts of a shift's name, for screen readers only (the layout separates them on screen). */
function Separator() {
  return <VisuallyHidden>, </VisuallyHidden>;
}

/** The person's shift on another board that day: they are busy then; edited on that board. */
export function ElsewhereShift({ shift }: { shift: NearbyShift }) {
  const { t } = useTranslation("scheduleViews");
  const view = useBoardView();
  return (
    <p className={classes.elsewhere} data-testid="agenda-elsewhere">
      {t("agenda.elsewhere", {
        times: view.shiftTime(shift),
        board: view.boardNames.get(shift.board_id) ?? view.text.otherBoard,
      })}
    </p>
  );
}
