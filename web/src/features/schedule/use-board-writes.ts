import { useQueryClient } from "@tanstack/react-query";
import type { Shift, ShiftWarning, WeekResponse } from "@workshift/contracts";
import { useCallback, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { problemCodeOf, useCodeText } from "../../lib/problem-text.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { shiftTimeFormat, shiftWhenFormat, timeRangeFormat } from "./board-format.ts";
import { boardZones } from "./board-zones.ts";
import { applyMove, copyBody, type MovedFields, moveBody, replaceShift } from "./shift-moves.ts";
import { useBoardUndo } from "./use-board-undo.ts";
import { bulkDeleteShifts, createShift, deleteShift, isShiftConflict, updateShift } from "./week-api.ts";
import { personLabel } from "./week-rows.ts";

export interface BoardWrites {
  /** Moves a shift (drag and drop, Alt+arrows, cut and paste): shown at once, saved, put back if refused. */
  move(shift: Shift, moved: MovedFields): Promise<boolean>;
  /** A new draft with the shift's break and note at the new place. */
  copy(shift: Shift, moved: MovedFields): Promise<boolean>;
  /** Deletes a draft, or marks a published shift for removal at the next publish. */
  remove(shift: Shift): Promise<boolean>;
  /** Several at once (the selection). */
  removeMany(ids: readonly string[]): Promise<boolean>;
  /** Takes back the newest move, copy or delete still in its few seconds (Ctrl/Cmd+Z). */
  undo(): Promise<void>;
}

/**
 * The board's own writes, optimistic in the week's cache: the card moves
 * the moment it is dropped; a refusal puts it back and says why (the
 * person already works then; someone else changed it first, and the board
 * now shows their version). Each saved move, copy and delete says where
 * it went with an Undo button for a few seconds (use-board-undo.ts). Once
 * nothing is pending, everything the schedule shows is reloaded (totals,
 * month, the employee's list).
 */
export function useBoardWrites(
  week: WeekResponse | undefined,
  weekKey: readonly unknown[],
  toaster: Toaster,
): BoardWrites {
  const { t, i18n } = useTranslation("schedule");
  const queryClient = useQueryClient();
  const pending = useRef(0);
  const weekRef = useRef(week);
  weekRef.current = week;
  const language = i18n.resolvedLanguage;
  const codeText = useCodeText();

  const patchShifts = useCallback(
    (change: (shifts: Shift[]) => Shift[]) =>
      queryClient.setQueryData<WeekResponse>(weekKey, (old) => (old ? { ...old, shifts: change(old.shifts) } : old)),
    [queryClient, weekKey],
  );

  const begin = useCallback(async () => {
    pending.current += 1;
    // A reload in flight would land on top of the optimistic change and undo it on screen.
    await queryClient.cancelQueries({ queryKey: weekKey });
  }, [queryClient, weekKey]);

  const settle = useCallback(() => {
    pending.current -= 1;
    if (pending.current === 0) void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  }, [queryClient]);

  const nameOf = useCallback(
    (userId: string | null) => {
      const person = userId ? weekRef.current?.people.find((p) => p.user_id === userId) : undefined;
      return person ? personLabel(person) || t("grid.unnamed") : t("grid.unnamed");
    },
    [t],
  );

  /** "Zoe, Tuesday, 24 March 2026, 09:00 – 17:00": where a shift now is, as a move or an undo says it. */
  const placeOf = useCallback(
    (shift: Shift) => {
      const shown = weekRef.current;
      if (!shown) return "";
      const { day, time } = shiftWhenFormat(language, shown.time_zone, boardZones(shown))(shift);
      const name = shift.user_id === null ? t("grid.openShifts") : nameOf(shift.user_id);
      return t("place", { name, day, time });
    },
    [language, nameOf, t],
  );

  const undoer = useBoardUndo({ patchShifts, begin, settle, toaster, placeOf, nameOf });
  const { offer } = undoer;

  /**
   * A saved move or copy that puts someone on approved time off (where the organization warns
   * rather than refuses), or in hours they said they cannot work, is allowed, but said at once:
   * the leave's type, or their reason. Leave is said first (it is the stronger of the two).
   */
  const tellUnavailable = useCallback(
    (warnings: readonly ShiftWarning[], ids: readonly string[]) => {
      const concerns = (w: ShiftWarning) => w.shift_id === null || ids.includes(w.shift_id);
      const leave = warnings.find((w) => w.kind === "on_leave" && concerns(w));
      if (leave) {
        const name = nameOf(leave.user_id);
        toaster.show(
          "info",
          leave.note ? t("toast.onLeaveType", { name, type: leave.note }) : t("toast.onLeave", { name }),
        );
        return;
      }
      const warning = warnings.find((w) => w.kind === "unavailable" && concerns(w));
      if (!warning) return;
      const name = nameOf(warning.user_id);
      toaster.show(
        "info",
        warning.note ? t("toast.unavailableNote", { name, note: warning.note }) : t("toast.unavailable", { name }),
      );
    },
    [nameOf, t, toaster],
  );

  /** Says why a write was refused; `revert` puts the board back as it was. */
  const explain = useCallback(
    (error: unknown, original: Shift | null, revert: () => void, personId: string | null) => {
      const conflict = isShiftConflict(error);
      if (conflict?.code === "shift_overlap") {
        revert();
        const other = conflict.overlap;
        const shown = weekRef.current;
        // On its own board's clock, as its card says.
        const time = shown ? shiftTimeFormat(language, shown.time_zone, boardZones(shown)) : null;
        toaster.show(
          "error",
          other
            ? t("toast.overlap", {
                name: nameOf(other.user_id ?? personId),
                time: time ? time(other) : timeRangeFormat(language, "UTC")(other.starts_at, other.ends_at),
              })
            : t("toast.overlapUnknown", { name: nameOf(personId) }),
        );
        return;
      }
      if (conflict?.code === "shift_changed") {
        // Someone else saved first: show what is there now.
        if (original) patchShifts((shifts) => replaceShift(shifts, original.id, conflict.shift));
        toaster.show("error", conflict.shift ? t("toast.changed") : t("toast.gone"));
        return;
      }
      revert();
      const code = problemCodeOf(error);
      const field = Object.values(apiFieldErrors(error))[0];
      if (code === "not_found" && original) {
        patchShifts((shifts) => replaceShift(shifts, original.id, null));
        toaster.show("error", t("toast.gone"));
      } else if (code === "forbidden") toaster.show("error", t("toast.forbidden"));
      else if (code === "shift_on_leave") toaster.show("error", codeText(code));
      else if (field && i18n.exists(field, { ns: "validation" })) {
        toaster.show("error", i18n.t(field as never, { ns: "validation" }) as unknown as string);
      } else if (code === "network") toaster.show("error", t("toast.network"));
      else toaster.show("error", t("toast.failed"));
    },
    [codeText, i18n, language, nameOf, patchShifts, t, toaster],
  );

  const move = useCallback(
    async (shift: Shift, moved: MovedFields) => {
      await begin();
      patchShifts((shifts) => replaceShift(shifts, shift.id, applyMove(shift, moved)));
      try {
        const answer = await updateShift(shift.id, moveBody(shift, moved));
        patchShifts((shifts) => replaceShift(shifts, shift.id, answer.shift));
        // Said for every move, the keyboard's too: screen readers hear where it went.
        offer({ kind: "move", before: shift, after: answer.shift }, t("toast.moved", { place: placeOf(answer.shift) }));
        tellUnavailable(answer.warnings, [shift.id]);
        return true;
      } catch (error) {
        explain(error, shift, () => patchShifts((shifts) => replaceShift(shifts, shift.id, shift)), moved.user_id);
        return false;
      } finally {
        settle();
      }
    },
    [begin, explain, offer, patchShifts, placeOf, settle, t, tellUnavailable],
  );

  const copy = useCallback(
    async (shift: Shift, moved: MovedFields) => {
      await begin();
      try {
        const answer = await createShift(copyBody(shift, moved));
        const known = new Set(weekRef.current?.shifts.map((s) => s.id));
        patchShifts((shifts) => [...shifts, ...answer.shifts.filter((s) => !known.has(s.id))]);
        const first = answer.shifts[0];
        offer(
          { kind: "copy", created: answer.shifts },
          first ? t("toast.copiedTo", { place: placeOf(first) }) : t("toast.copied"),
        );
        tellUnavailable(
          answer.warnings,
          answer.shifts.map((s) => s.id),
        );
        return true;
      } catch (error) {
        explain(error, null, () => {}, moved.user_id);
        return false;
      } finally {
        settle();
      }
    },
    [begin, explain, offer, patchShifts, placeOf, settle, t, tellUnavailable],
  );

  const remove = useCallback(
    async (shift: Shift) => {
      await begin();
      const published = shift.published_at !== null;
      patchShifts((shifts) => replaceShift(shifts, shift.id, published ? { ...shift, status: "deleted" } : null));
      try {
        await deleteShift(shift.id, shift.version);
        offer({ kind: "delete", shifts: [shift] }, published ? t("toast.removalPending") : t("toast.deleted"));
        return true;
      } catch (error) {
        explain(
          error,
          shift,
          () =>
            patchShifts((shifts) =>
              shifts.some((s) => s.id === shift.id) ? replaceShift(shifts, shift.id, shift) : [...shifts, shift],
            ),
          shift.user_id,
        );
        return false;
      } finally {
        settle();
      }
    },
    [begin, explain, offer, patchShifts, settle, t],
  );

  const removeMany = useCallback(
    async (ids: readonly string[]) => {
      // As they were before: what the undo brings back.
      const known = new Map(weekRef.current?.shifts.map((s) => [s.id, s]));
      const before = ids.map((id) => known.get(id)).filter((s): s is Shift => s !== undefined);
      await begin();
      try {
        const count = await bulkDeleteShifts(ids);
        const text = t("toast.bulkDeleted", { count });
        if (before.length === ids.length) offer({ kind: "delete", shifts: before }, text);
        else toaster.show("success", text);
        return true;
      } catch (error) {
        explain(error, null, () => {}, null);
        return false;
      } finally {
        settle();
      }
    },
    [begin, explain, offer, settle, t, toaster],
  );

  const { undoLatest: undo } = undoer;
  return useMemo(() => ({ move, copy, remove, removeMany, undo }), [move, copy, remove, removeMany, undo]);
}
