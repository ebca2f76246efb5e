import type { Shift } from "@workshift/contracts";

/**
 * A shift being created or edited in the shift editor: an existing shift, or
 * the cell it was started from (day, person or null for the open-shifts row,
 * and the row's job when grouped by job), and on the day timeline the time
 * picked there.
 */
export interface ShiftDraft {
  shift?: Shift;
  boardId: string;
  date: string;
  userId: string | null;
  jobId: string | null;
  /** The new shift's start ("HH:mm" in the board's zone) when a time was picked; else the editor's default. */
  start?: string;
}
