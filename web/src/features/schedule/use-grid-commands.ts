import type { Shift, WeekResponse } from "@workshift/contracts";
import {
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import type { BoardView } from "./board-context.ts";
import { edgeRow, type GridAction, gridAction, stepPosition } from "./grid-keyboard.ts";
import type { ShiftDraft } from "./schedule-types.ts";
import { copiedFields, isMovable, type MoveTarget, movedFields } from "./shift-moves.ts";
import type { BoardSelection } from "./use-board-selection.ts";
import type { BoardWrites } from "./use-board-writes.ts";
import { cardSelector, cellSelector, type useGridFocus } from "./use-grid-focus.ts";
import { type BoardRow, draftForRow, targetOfRow } from "./week-rows.ts";

type Clipboard = { mode: "copy" | "cut"; shift: Shift; date: string } | null;

/**
 * What the keyboard (grid-keyboard.ts) and the pointer do on the week grid:
 * move focus, open the editor on a shift or an empty cell, delete (a
 * published shift is asked about first), move, select, and cut, copy and
 * paste through an in-page clipboard.
 */
export function useGridCommands({
  week,
  view,
  rows,
  shiftsById,
  canWrite,
  canFocusRow,
  focus,
  selection,
  writes,
  toaster,
  justDragged,
  onOpen,
}: {
  week: WeekResponse;
  view: BoardView;
  rows: readonly BoardRow[];
  shiftsById: ReadonlyMap<string, Shift>;
  canWrite: boolean;
  canFocusRow(index: number): boolean;
  focus: ReturnType<typeof useGridFocus>;
  selection: BoardSelection;
  writes: BoardWrites;
  toaster: Toaster;
  /** A click now is the end of a drag, not a click. */
  justDragged(): boolean;
  onOpen(draft: ShiftDraft): void;
}) {
  const { t } = useTranslation("schedule");
  const [clipboard, setClipboard] = useState<Clipboard>(null);
  const [confirming, setConfirming] = useState<Shift | null>(null);

  const draftForCell = (row: BoardRow, date: string): ShiftDraft | null => draftForRow(week, row, date);

  const draftForShift = (shift: Shift, date: string): ShiftDraft => ({
    shift,
    boardId: shift.board_id,
    date,
    userId: shift.user_id,
    jobId: shift.job_id,
  });

  const placeAt = (row: number, day: number): MoveTarget | null => {
    const target = rows[row] ? targetOfRow(rows[row]) : null;
    const date = view.days[day]?.date;
    return target && date ? { ...target, date } : null;
  };

  const requestDelete = (shift: Shift) => {
    if (!canWrite || shift.status === "deleted") return;
    // A published shift is on someone's phone: ask first. A draft goes at once.
    if (shift.published_at !== null) setConfirming(shift);
    else void writes.remove(shift);
  };

  const paste = (row: number, day: number) => {
    if (!canWrite || !clipboard) return;
    const target = placeAt(row, day);
    if (!target) return;
    const current = shiftsById.get(clipboard.shift.id) ?? clipboard.shift;
    if (clipboard.mode === "cut") {
      const moved = movedFields(current, clipboard.date, target, view.zoneOf);
      setClipboard(null);
      if (moved) void writes.move(current, moved);
    } else {
      void writes.copy(current, copiedFields(current, clipboard.date, target, view.zoneOf));
    }
  };

  const run = (
    action: GridAction,
    element: { row: number; day: number; shift: Shift | null; card: HTMLElement | null },
  ) => {
    const { row, day, shift } = element;
    switch (action.type) {
      case "focus":
        focus.focusCell(
          stepPosition({ row, day }, action.rows, action.days, rows.length, view.days.length, canFocusRow),
        );
        return true;
      case "focusEdge": {
        if (action.edge === "rowStart") focus.focusCell({ row, day: 0 });
        else if (action.edge === "rowEnd") focus.focusCell({ row, day: view.days.length - 1 });
        else {
          const edge = edgeRow(action.edge, rows.length, canFocusRow);
          if (edge !== null) focus.focusCell({ row: edge, day });
        }
        return true;
      }
      case "focusShift": {
        const cell = element.card?.closest<HTMLElement>(cellSelector);
        const cards = cell ? [...cell.querySelectorAll<HTMLElement>(cardSelector)] : [];
        const next = cards[cards.indexOf(element.card as HTMLElement) + action.step];
        if (next) next.focus();
        else focus.focusCell(stepPosition({ row, day }, action.step, 0, rows.length, view.days.length, canFocusRow));
        return true;
      }
      case "create": {
        const target = rows[row];
        const date = view.days[day]?.date;
        if (canWrite && target && date) {
          const draft = draftForCell(target, date);
          if (draft) onOpen(draft);
        }
        return true;
      }
      case "edit":
        if (shift) onOpen(draftForShift(shift, view.days[day]?.date ?? ""));
        return true;
      case "delete":
        if (shift) requestDelete(shift);
        return true;
      case "move": {
        if (!shift || !canWrite || !isMovable(shift)) return true;
        const to = stepPosition({ row, day }, action.rows, action.days, rows.length, view.days.length, canFocusRow);
        const target = placeAt(to.row, to.day);
        const from = view.days[day]?.date;
        if (!target || !from) return true;
        const moved = movedFields(shift, from, target, view.zoneOf);
        if (!moved) return true;
        if (!focus.followMovedShift(shift.id, to)) return true;
        void writes.move(shift, moved);
        return true;
      }
      case "copy":
      case "cut":
        if (shift && week.can_manage && isMovable(shift)) {
          setClipboard({ mode: action.type, shift, date: view.days[day]?.date ?? "" });
          toaster.show("info", action.type === "copy" ? t("toast.clipboardCopy") : t("toast.clipboardCut"));
        }
        return true;
      case "paste":
        paste(row, day);
        return true;
      case "toggleSelection":
        if (shift && week.can_manage) selection.toggle(shift.id);
        return true;
      case "clearSelection":
        if (selection.ids.size > 0) selection.clear();
        else if (clipboard?.mode === "cut") setClipboard(null);
        return selection.ids.size > 0 || clipboard !== null;
    }
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>(cellSelector);
    if (!cell) return;
    const card = target.matches(cardSelector) ? target : null;
    if (!card && target !== cell) return;
    const action = gridAction(event.nativeEvent, card ? "shift" : "cell", view.rtl);
    if (!action) return;
    const row = Number(cell.dataset.rowIndex);
    const day = Number(cell.dataset.day);
    const shift = card ? (shiftsById.get(card.dataset.shiftId ?? "") ?? null) : null;
    if (run(action, { row, day, shift, card })) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // A button acts on Space when the key comes up: Space on a shift selects it, never opens it.
  const onKeyUp = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === " " && (event.target as HTMLElement).matches(cardSelector)) event.preventDefault();
  };

  const onClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    if (justDragged()) return;
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>(cellSelector);
    if (!cell) return;
    const row = Number(cell.dataset.rowIndex);
    const day = Number(cell.dataset.day);
    const rowEntry = rows[row];
    if (rowEntry) focus.setActiveCell({ rowKey: rowEntry.key, day });
    const card = target.closest<HTMLElement>(cardSelector);
    if (card) {
      const shift = shiftsById.get(card.dataset.shiftId ?? "");
      if (!shift) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        if (week.can_manage) selection.toggle(shift.id);
      } else onOpen(draftForShift(shift, cell.dataset.date ?? ""));
      return;
    }
    if (target.closest('[data-testid="elsewhere-card"]')) return;
    if (canWrite && rowEntry && cell.dataset.date) {
      const draft = draftForCell(rowEntry, cell.dataset.date);
      if (draft) onOpen(draft);
    }
  };

  const onFocus = (event: ReactFocusEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>(cellSelector);
    const rowKey = cell?.dataset.rowKey;
    const day = Number(cell?.dataset.day);
    if (rowKey && (rowKey !== focus.activeCell.rowKey || day !== focus.activeCell.day))
      focus.setActiveCell({ rowKey, day });
  };

  return { clipboard, confirming, setConfirming, onKeyDown, onKeyUp, onClick, onFocus };
}
