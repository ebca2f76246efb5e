import type { Shift } from "@workshift/contracts";
import { useCallback, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import { problemCodeOf } from "../../lib/problem-text.ts";
import {
  emptyUndoStack,
  latestUndo,
  pushUndo,
  rebaseUndo,
  UNDO_WINDOW_MS,
  type UndoEntry,
  type UndoStack,
  type UndoStep,
  type UndoWrite,
  undoable,
  undoWrites,
  withoutUndo,
} from "./board-undo.ts";
import { replaceShift } from "./shift-moves.ts";
import { focusBoardTabStop } from "./use-grid-focus.ts";
import { createShift, deleteShift, isShiftConflict, restoreShift, updateShift } from "./week-api.ts";

export interface BoardUndo {
  /** Says what was just done, with an Undo button for a few seconds. */
  offer(step: UndoStep, text: string): void;
  /** Takes back the newest step still in its time (Ctrl/Cmd+Z); says so when there is none. */
  undoLatest(): Promise<void>;
}

/**
 * The board's Undo (board-undo.ts) on the week's cache: each write of the
 * step back is shown as soon as the server answers it; a refusal (someone
 * changed the shift since, another shift is now in the way, it is gone) is
 * said and nothing is overwritten. What it did, or why it could not, is said
 * in the board's messages, which screen readers read out.
 */
export function useBoardUndo({
  patchShifts,
  begin,
  settle,
  toaster,
  placeOf,
  nameOf,
}: {
  patchShifts(change: (shifts: Shift[]) => Shift[]): void;
  begin(): Promise<void>;
  settle(): void;
  toaster: Toaster;
  /** "Zoe, Tuesday 24 March, 09:00 – 17:00": where a shift is. */
  placeOf(shift: Shift): string;
  nameOf(userId: string | null): string;
}): BoardUndo {
  const { t } = useTranslation("schedule");
  const stack = useRef<UndoStack>(emptyUndoStack);
  /** Steps taken back one after another, each once the one before has answered. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Steps asked for and waiting their turn: not asked for again, and Ctrl/Cmd+Z goes on to older ones. */
  const claimed = useRef(new Set<number>());
  /** Each step's notice, taken away once the step is taken back (its button would have nothing left to do). */
  const notices = useRef(new Map<number, number>());

  /** One write of the step back, shown at once; answers the shift as the server now has it (none for a delete). */
  const apply = useCallback(
    async (write: UndoWrite): Promise<{ wasId: string; shift: Shift } | null> => {
      switch (write.op) {
        case "update": {
          const answer = await updateShift(write.id, write.body);
          patchShifts((shifts) => replaceShift(shifts, write.id, answer.shift));
          return { wasId: write.id, shift: answer.shift };
        }
        case "delete":
          await deleteShift(write.id, write.version);
          patchShifts((shifts) => replaceShift(shifts, write.id, null));
          return null;
        case "create": {
          const answer = await createShift(write.body);
          patchShifts((shifts) => [...shifts, ...answer.shifts.filter((s) => !shifts.some((o) => o.id === s.id))]);
          const made = answer.shifts[0];
          return made ? { wasId: write.replaces, shift: made } : null;
        }
        case "restore": {
          const answer = await restoreShift(write.id, write.version);
          patchShifts((shifts) => replaceShift(shifts, write.id, answer.shift));
          return { wasId: write.id, shift: answer.shift };
        }
      }
    },
    [patchShifts],
  );

  const doneText = useCallback(
    (step: UndoStep) => {
      if (step.kind === "move") return t("undo.moved", { place: placeOf(step.before) });
      if (step.kind === "copy") return t("undo.copied");
      const only = step.shifts.length === 1 ? step.shifts[0] : undefined;
      return only ? t("undo.deletedOne", { place: placeOf(only) }) : t("undo.deletedMany");
    },
    [placeOf, t],
  );

  const refusalText = useCallback(
    (error: unknown) => {
      const conflict = isShiftConflict(error);
      if (conflict?.code === "shift_overlap") {
        const other = conflict.overlap;
        return other ? t("undo.overlap", { name: nameOf(other.user_id) }) : t("undo.overlapUnknown");
      }
      if (conflict?.code === "shift_changed") return t("undo.changed");
      const code = problemCodeOf(error);
      if (code === "not_found") return t("undo.gone");
      if (code === "shift_on_leave") return t("undo.onLeave");
      if (code === "shift_unschedulable") return t("undo.unschedulable");
      if (code === "network") return t("toast.network");
      return t("undo.failed");
    },
    [nameOf, t],
  );

  /** Takes one step back; the caller has checked it is still in its time and taken it off the stack. */
  const takeBack = useCallback(
    async (entry: UndoEntry) => {
      let done = 0;
      try {
        await begin();
        for (const write of undoWrites(entry.step)) {
          const written = await apply(write);
          if (written) stack.current = rebaseUndo(stack.current, written.wasId, written.shift);
          done += 1;
        }
        toaster.show("success", doneText(entry.step));
      } catch (error) {
        const why = refusalText(error);
        toaster.show("error", done > 0 ? t("undo.partly", { why }) : t("undo.refused", { why }));
      } finally {
        settle();
      }
    },
    [apply, begin, doneText, refusalText, settle, t, toaster],
  );

  /**
   * Takes back the step `id`. A step asked for while another is being taken
   * back waits its turn (an Undo pressed then is not lost with its notice);
   * its time is checked when it is asked for, and it is read from the stack
   * when its turn comes, as the steps before it left it.
   */
  const run = useCallback(
    (id: number): Promise<void> => {
      const entry = stack.current.entries.find((e) => e.id === id);
      if (!entry || claimed.current.has(id) || !undoable(entry, Date.now())) {
        if (!claimed.current.has(id)) toaster.show("info", t("undo.expired"));
        return queue.current;
      }
      claimed.current.add(id);
      const notice = notices.current.get(id);
      notices.current.delete(id);
      if (notice !== undefined) toaster.dismiss(notice);
      queue.current = queue.current.then(async () => {
        const current = stack.current.entries.find((e) => e.id === id) ?? entry;
        stack.current = withoutUndo(stack.current, id);
        claimed.current.delete(id);
        await takeBack(current);
      });
      return queue.current;
    },
    [t, takeBack, toaster],
  );

  const offer = useCallback(
    (step: UndoStep, text: string) => {
      if (undoWrites(step).length === 0) {
        toaster.show("success", text);
        return;
      }
      const pushed = pushUndo(stack.current, step, Date.now());
      stack.current = pushed.stack;
      const notice = toaster.show("success", text, {
        lifetimeMs: UNDO_WINDOW_MS,
        action: {
          label: t("undo.button"),
          run: () => {
            // The notice goes with its button: focus goes back to the board, not to the page.
            focusBoardTabStop();
            void run(pushed.id);
          },
        },
      });
      notices.current.set(pushed.id, notice);
    },
    [run, t, toaster],
  );

  const undoLatest = useCallback(async () => {
    const waiting = stack.current.entries.filter((e) => !claimed.current.has(e.id));
    const entry = latestUndo({ ...stack.current, entries: waiting }, Date.now());
    if (!entry) {
      toaster.show("info", t("undo.nothing"));
      return;
    }
    await run(entry.id);
  }, [run, t, toaster]);

  return useMemo(() => ({ offer, undoLatest }), [offer, undoLatest]);
}
