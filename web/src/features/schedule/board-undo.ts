import type { Shift, ShiftCreate, ShiftUpdate } from "@workshift/contracts";
import { copyBody } from "./shift-moves.ts";

/**
 * The board's Undo: what was just done (a move, a copy, a delete) and the
 * writes that take it back through the ordinary shift API. A step can be
 * taken back for a few seconds after it was done (its notice shows that
 * long); Ctrl/Cmd+Z takes back the newest step still in its time.
 */

/** How long a step can be taken back (its notice's lifetime). */
export const UNDO_WINDOW_MS = 8000;
/** Steps kept at most (older ones have long expired in practice). */
const UNDO_KEPT = 20;

export type UndoStep =
  /** `before` as it was, `after` as the server saved it (its version names what the board saw). */
  | { kind: "move"; before: Shift; after: Shift }
  /** The copies the server made. */
  | { kind: "copy"; created: Shift[] }
  /** The shifts as they were before the delete (a draft went; a published one waits for removal). */
  | { kind: "delete"; shifts: Shift[] };

export interface UndoEntry {
  id: number;
  step: UndoStep;
  /** When it was done (ms). */
  at: number;
}

export interface UndoStack {
  entries: readonly UndoEntry[];
  nextId: number;
}

export const emptyUndoStack: UndoStack = { entries: [], nextId: 1 };

/** The stack with `step` on top (the oldest dropped past the limit); its entry's id. */
export function pushUndo(stack: UndoStack, step: UndoStep, now: number): { stack: UndoStack; id: number } {
  const id = stack.nextId;
  const entries = [...stack.entries, { id, step, at: now }].slice(-UNDO_KEPT);
  return { stack: { entries, nextId: id + 1 }, id };
}

/** Whether the entry can still be taken back at `now`. */
export const undoable = (entry: UndoEntry, now: number) => now - entry.at < UNDO_WINDOW_MS;

/** The newest entry still in its time, or null. */
export function latestUndo(stack: UndoStack, now: number): UndoEntry | null {
  for (let i = stack.entries.length - 1; i >= 0; i--) {
    const entry = stack.entries[i] as UndoEntry;
    if (undoable(entry, now)) return entry;
  }
  return null;
}

/** The stack without that entry (taken back, or tried). */
export function withoutUndo(stack: UndoStack, id: number): UndoStack {
  return { ...stack, entries: stack.entries.filter((entry) => entry.id !== id) };
}

/** One write of an undo, through the shift API. */
export type UndoWrite =
  | { op: "update"; id: string; body: ShiftUpdate }
  | { op: "delete"; id: string; version: number }
  /** A deleted draft made again: `replaces` is the id it had. */
  | { op: "create"; body: ShiftCreate; replaces: string }
  | { op: "restore"; id: string; version: number };

/** A shift's fields as a new draft: the same board, person, job, times, break and note (a copy onto itself). */
const recreated = (shift: Shift): ShiftCreate => copyBody(shift, shift);

/**
 * The writes that take a step back. Each names the version the board saw
 * after the step, so a shift someone changed since is refused (409) rather
 * than overwritten:
 * - a move: the shift back to its person, job, board and times;
 * - a copy: the copies deleted (they are drafts);
 * - a delete: a draft made again with the same fields (it is a new draft);
 *   a published shift waiting for removal restored as it was (it was marked,
 *   and marking counted one version), so its person is told nothing.
 */
export function undoWrites(step: UndoStep): UndoWrite[] {
  switch (step.kind) {
    case "move": {
      const { before, after } = step;
      const body: ShiftUpdate = { version: after.version };
      if (before.board_id !== after.board_id) body.board_id = before.board_id;
      if (before.user_id !== after.user_id) body.user_id = before.user_id;
      if (before.job_id !== after.job_id) body.job_id = before.job_id;
      if (before.starts_at !== after.starts_at || before.ends_at !== after.ends_at) {
        body.starts_at = before.starts_at;
        body.ends_at = before.ends_at;
      }
      return [{ op: "update", id: after.id, body }];
    }
    case "copy":
      return step.created.map((shift) => ({ op: "delete", id: shift.id, version: shift.version }));
    case "delete":
      return step.shifts
        .filter((shift) => shift.status !== "deleted")
        .map((shift) =>
          shift.published_at === null
            ? { op: "create", body: recreated(shift), replaces: shift.id }
            : { op: "restore", id: shift.id, version: shift.version + 1 },
        );
  }
}

const samePlace = (a: Shift, b: Shift) =>
  a.board_id === b.board_id &&
  a.user_id === b.user_id &&
  a.job_id === b.job_id &&
  a.starts_at === b.starts_at &&
  a.ends_at === b.ends_at;

/**
 * The stack once an undo wrote `shift` where the board had the shift `wasId`
 * (the same shift with a newer version, or a draft made again under a new
 * id). Older steps that saw that shift just where it now is name it as it
 * now is, so taking them back too (a shift moved twice, then Ctrl+Z twice)
 * is not refused as someone else's change. Steps that saw it elsewhere keep
 * what they saw: a change since then is still refused.
 */
export function rebaseUndo(stack: UndoStack, wasId: string, shift: Shift): UndoStack {
  const fresh = (seen: Shift) => (seen.id === wasId && samePlace(seen, shift) ? shift : seen);
  const rebased = (step: UndoStep): UndoStep => {
    switch (step.kind) {
      case "move":
        return { ...step, after: fresh(step.after) };
      case "copy":
        return { ...step, created: step.created.map(fresh) };
      case "delete":
        // Its shifts were deleted by it: no later write could have touched them.
        return step;
    }
  };
  return { ...stack, entries: stack.entries.map((entry) => ({ ...entry, step: rebased(entry.step) })) };
}

/** Ctrl+Z (Cmd+Z on macOS; either counts), without Shift or Alt (Ctrl+Shift+Z is redo elsewhere). */
export function isUndoPress(press: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (press.ctrlKey || press.metaKey) && !press.shiftKey && !press.altKey && press.key.toLowerCase() === "z";
}
