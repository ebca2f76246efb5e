import type { ScheduleJob, SchedulePerson, ShiftStatus, ShiftWarning } from "@workshift/contracts";
import { createContext, use } from "react";
import type { AvailabilityIndex, DayAvailabilityCell } from "./availability-days.ts";
import type { AvailabilityText } from "./availability-text.ts";
import type { ShiftClock } from "./board-format.ts";
import type { MarkPart, ShiftMark } from "./shift-marks.ts";
import type { LeaveDay, LeaveIndex, LeaveText } from "./time-off-days.ts";

/** One day column of the week. */
export interface DayColumn {
  date: string;
  index: number;
  /** "Mon" and "Mar 2" in the reader's language; `full` for labels ("Monday, March 2, 2026"). */
  weekday: string;
  label: string;
  full: string;
  today: boolean;
  startsAt: string;
  endsAt: string;
}

/**
 * The words rows, cells and cards show, translated once per language (not
 * once per card: hundreds of translation lookups and hooks are slow).
 */
export interface BoardText {
  roleDescription: string;
  nextDayMark: string;
  endsNextDay: string;
  noJob: string;
  selected: string;
  otherBoard: string;
  unnamed: string;
  openShifts: string;
  overLimit: string;
  status: Record<ShiftStatus, string>;
  personStatus: Record<SchedulePerson["status"], string>;
  /** "30 min break" (remembered per length). */
  breakOf(minutes: number): string;
  /** "Jobs: Cook, Bar" (remembered per list). */
  jobsOf(names: string): string;
}

/**
 * What every row, cell and card of one week needs, made once per week and
 * language and handed down through context (rows stay memoised; no cell
 * builds a formatter or looks anything up the slow way).
 */
export interface BoardView {
  /** The zone the week is laid out in (the board's; the organization's on "all"). */
  zone: string;
  /** Each board's zone: a shift is on its board's day and wall clock (zoneOfWork). */
  zoneOf(boardId: string): string;
  /** When the day ends on the board's clock (for a shift's "+1"). */
  dayEndsAt(date: string, boardId: string): string;
  language: string | undefined;
  rtl: boolean;
  days: DayColumn[];
  canManage: boolean;
  /** Several boards are shown ("all"): cards name theirs. */
  manyBoards: boolean;
  jobsById: ReadonlyMap<string, ScheduleJob>;
  /** Each job's short name (job-abbreviation.ts), shown with its colour where the name does not fit. */
  jobShort: ReadonlyMap<string, string>;
  boardNames: ReadonlyMap<string, string>;
  warnings: ReadonlyMap<string, ShiftWarning[]>;
  /** "09:00–17:00" on the shift's board's clock in the reader's language, with the zone's short name when it is not the week's. */
  shiftTime(shift: { board_id: string; starts_at: string; ends_at: string }): string;
  /** The same in two parts, for a card that puts its "+1" between them. */
  shiftClock(shift: { board_id: string; starts_at: string; ends_at: string }): ShiftClock;
  hours(minutes: number): string;
  minutes(minutes: number): string;
  money(amount: number): string;
  count(value: number): string;
  /** The warnings of a shift as sentences, with their hours. */
  warningText(warning: ShiftWarning): string;
  /** Shift id → the claims, cover or swap waiting on it. */
  marks: ReadonlyMap<string, ShiftMark>;
  /** "2 claims waiting", "Cover asked" (remembered per part). */
  markText(part: MarkPart): string;
  /** Person → date → their availability that day (absent: nothing said). */
  availability: AvailabilityIndex;
  /** A person's day in words (remembered per day). */
  availabilityText(cell: DayAvailabilityCell): AvailabilityText;
  /** Person → date → their approved time off that day (absent: none). */
  leave: LeaveIndex;
  /** A person's leave of a day in words, on the week's clock (remembered per day). */
  leaveText(days: readonly LeaveDay[]): LeaveText;
  /** The same on a given zone's clock (a day timeline shows its board's). */
  leaveTextIn(days: readonly LeaveDay[], zone: string): LeaveText;
  text: BoardText;
}

export const BoardViewContext = createContext<BoardView | null>(null);

export function useBoardView(): BoardView {
  const view = use(BoardViewContext);
  if (!view) throw new Error("useBoardView outside the board");
  return view;
}
