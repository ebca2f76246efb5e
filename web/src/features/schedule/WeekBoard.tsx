import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { VisuallyHidden } from "@mantine/core";
import type { Virtualizer } from "@tanstack/react-virtual";
import type { Shift, WeekResponse } from "@workshift/contracts";
import {
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import type { BoardFilter } from "../../lib/board-url.ts";
import { BoardViewContext } from "./board-context.ts";
import { DRAG_DISTANCE, MouseAndPenSensor, TOUCH_DELAY_MS, TOUCH_TOLERANCE } from "./board-sensors.ts";
import { type CellPosition, edgeRow, type GridAction, gridAction, stepPosition } from "./grid-keyboard.ts";
import { DragCard, type DragData } from "./ShiftCard.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import { copiedFields, isCopyGesture, isMovable, type MoveTarget, movedFields } from "./shift-moves.ts";
import { useBoardFigures } from "./use-board-figures.ts";
import type { BoardSelection } from "./use-board-selection.ts";
import type { BoardWrites } from "./use-board-writes.ts";
import { WeekGrid } from "./WeekGrid.tsx";
import type { CellData } from "./WeekRow.tsx";
import { type BoardRow, draftForRow, OPEN_ROW, targetOfRow } from "./week-rows.ts";

interface WeekBoardProps {
  week: WeekResponse;
  filter: BoardFilter;
  /** Another week is loading (this one stays on screen meanwhile): no writes until it is here. */
  busy: boolean;
  printing: boolean;
  selection: BoardSelection;
  writes: BoardWrites;
  toaster: Toaster;
  onOpen(draft: ShiftDraft): void;
}

type Clipboard = { mode: "copy" | "cut"; shift: Shift; date: string } | null;
/** Where focus goes once rendered: a cell, or a shift in the cell it was moved to (it arrives there a moment later). */
type PendingFocus =
  | { kind: "cell"; rowKey: string; day: number }
  | { kind: "shift"; id: string; rowKey: string; day: number }
  | null;

const cardSelector = '[data-testid="shift-card"]';
const cellSelector = '[data-testid="schedule-cell"]';

/**
 * The week view: the grid with pointer drag and drop (Alt or Ctrl/Cmd held
 * on drop copies), the keyboard of grid-keyboard.ts, selection, and an
 * in-page clipboard for cut, copy and paste. Writes are optimistic
 * (use-board-writes.ts).
 */
export function WeekBoard({ week, filter, busy, printing, selection, writes, toaster, onOpen }: WeekBoardProps) {
  const { t } = useTranslation("schedule");
  const figures = useBoardFigures(week, filter);
  const { view, rows, index } = figures;
  // "all" with no board at all has nowhere to put a new shift.
  const canWrite = week.can_manage && !busy && week.boards.length > 0;
  const describedBy = useId();

  const shiftsById = useMemo(() => new Map(week.shifts.map((shift) => [shift.id, shift])), [week.shifts]);
  const rowIndexByKey = useMemo(() => new Map(rows.map((row, i) => [row.key, i])), [rows]);
  const canFocusRow = useCallback((i: number) => rows[i]?.kind !== "section" && rows[i] !== undefined, [rows]);

  // The roving tab stop: one cell of the grid; today's column of the open-shifts row to begin with.
  const todayIndex = view.days.findIndex((day) => day.today);
  const [activeCell, setActiveCell] = useState<{ rowKey: string; day: number }>({
    rowKey: OPEN_ROW,
    day: Math.max(0, todayIndex),
  });
  const active = rowIndexByKey.has(activeCell.rowKey) ? activeCell : { rowKey: OPEN_ROW, day: activeCell.day };
  const activeRow = rowIndexByKey.get(active.rowKey) ?? 0;

  const [clipboard, setClipboard] = useState<Clipboard>(null);
  const [confirming, setConfirming] = useState<Shift | null>(null);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [copyMode, setCopyMode] = useState(false);
  const copyRef = useRef(false);
  // The click that ends a drag (mouse up over another cell) must not open the editor; a click that
  // starts with a new press after the drop must. So a press forgets the drag.
  const lastDragEnd = useRef(0);
  useEffect(() => {
    const forget = () => {
      lastDragEnd.current = 0;
    };
    window.addEventListener("pointerdown", forget, true);
    return () => window.removeEventListener("pointerdown", forget, true);
  }, []);
  const dragRow = dragging ? (rowIndexByKey.get(rowKeyOfShift(dragging.shift, rows, filter.groupByJob)) ?? -1) : -1;

  // Focus follows the keyboard into rows that may only now be rendered.
  const pendingFocus = useRef<PendingFocus>(null);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const onVirtualizer = useCallback(
    (virtualizer: Virtualizer<HTMLDivElement, Element>, scroller: HTMLDivElement | null) => {
      virtualizerRef.current = virtualizer;
      scrollerRef.current = scroller;
    },
    [],
  );

  useLayoutEffect(() => {
    const want = pendingFocus.current;
    if (!want) return;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const scroller = scrollerRef.current;
      const cell = `${cellSelector}[data-row-key="${CSS.escape(want.rowKey)}"][data-day="${want.day}"]`;
      const element = scroller?.querySelector<HTMLElement>(
        want.kind === "cell" ? cell : `${cell} ${cardSelector}[data-shift-id="${CSS.escape(want.id)}"]`,
      );
      if (element) {
        pendingFocus.current = null;
        element.focus();
      } else if (tries++ < 30) frame = requestAnimationFrame(attempt);
      else pendingFocus.current = null;
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  });

  const focusCell = (position: CellPosition) => {
    const row = rows[position.row];
    if (!row || row.kind === "section") return;
    setActiveCell({ rowKey: row.key, day: position.day });
    pendingFocus.current = { kind: "cell", rowKey: row.key, day: position.day };
    virtualizerRef.current?.scrollToIndex(position.row, { align: "auto" });
  };

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
      const moved = movedFields(current, clipboard.date, target, week.time_zone);
      setClipboard(null);
      if (moved) void writes.move(current, moved);
    } else {
      void writes.copy(current, copiedFields(current, clipboard.date, target, week.time_zone));
    }
  };

  const run = (
    action: GridAction,
    element: { row: number; day: number; shift: Shift | null; card: HTMLElement | null },
  ) => {
    const { row, day, shift } = element;
    switch (action.type) {
      case "focus":
        focusCell(stepPosition({ row, day }, action.rows, action.days, rows.length, view.days.length, canFocusRow));
        return true;
      case "focusEdge": {
        if (action.edge === "rowStart") focusCell({ row, day: 0 });
        else if (action.edge === "rowEnd") focusCell({ row, day: view.days.length - 1 });
        else {
          const edge = edgeRow(action.edge, rows.length, canFocusRow);
          if (edge !== null) focusCell({ row: edge, day });
        }
        return true;
      }
      case "focusShift": {
        const cell = element.card?.closest<HTMLElement>(cellSelector);
        const cards = cell ? [...cell.querySelectorAll<HTMLElement>(cardSelector)] : [];
        const next = cards[cards.indexOf(element.card as HTMLElement) + action.step];
        if (next) next.focus();
        else focusCell(stepPosition({ row, day }, action.step, 0, rows.length, view.days.length, canFocusRow));
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
        const moved = movedFields(shift, from, target, week.time_zone);
        if (!moved) return true;
        const toRow = rows[to.row];
        if (!toRow) return true;
        setActiveCell({ rowKey: toRow.key, day: to.day });
        // The card moves in the cache a moment later (pending reloads are cancelled first): focus waits for it there.
        pendingFocus.current = { kind: "shift", id: shift.id, rowKey: toRow.key, day: to.day };
        virtualizerRef.current?.scrollToIndex(to.row, { align: "auto" });
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
    if (Date.now() - lastDragEnd.current < 300) return;
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>(cellSelector);
    if (!cell) return;
    const row = Number(cell.dataset.rowIndex);
    const day = Number(cell.dataset.day);
    const rowEntry = rows[row];
    if (rowEntry) setActiveCell({ rowKey: rowEntry.key, day });
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
    if (rowKey && (rowKey !== activeCell.rowKey || day !== activeCell.day)) setActiveCell({ rowKey, day });
  };

  // Drag and drop.
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: DRAG_DISTANCE } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: TOUCH_TOLERANCE } }),
  );

  useEffect(() => {
    if (!dragging) return;
    const follow = (event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
      const copy = isCopyGesture(event);
      if (copy !== copyRef.current) {
        copyRef.current = copy;
        setCopyMode(copy);
      }
    };
    window.addEventListener("keydown", follow);
    window.addEventListener("keyup", follow);
    window.addEventListener("pointermove", follow);
    return () => {
      window.removeEventListener("keydown", follow);
      window.removeEventListener("keyup", follow);
      window.removeEventListener("pointermove", follow);
    };
  }, [dragging]);

  const onDragStart = ({ active: item, activatorEvent }: DragStartEvent) => {
    const data = item.data.current as DragData | undefined;
    if (!data) return;
    const copy = "altKey" in activatorEvent ? isCopyGesture(activatorEvent as MouseEvent) : false;
    copyRef.current = copy;
    setCopyMode(copy);
    setDragging(data);
  };

  const onDragEnd = ({ active: item, over }: DragEndEvent) => {
    lastDragEnd.current = Date.now();
    setDragging(null);
    const data = item.data.current as DragData | undefined;
    const cell = over?.data.current as CellData | undefined;
    if (!data || !cell || !canWrite) return;
    const row = rows[rowIndexByKey.get(cell.rowKey) ?? -1];
    const target = row ? targetOfRow(row) : null;
    if (!target) return;
    const place = { ...target, date: cell.date };
    const shift = shiftsById.get(data.shift.id) ?? data.shift;
    setActiveCell({ rowKey: cell.rowKey, day: view.days.findIndex((day) => day.date === cell.date) });
    if (copyRef.current) {
      void writes.copy(shift, copiedFields(shift, data.date, place, week.time_zone));
    } else {
      const moved = movedFields(shift, data.date, place, week.time_zone);
      if (moved) void writes.move(shift, moved);
    }
  };

  const announcements = useMemo<Announcements>(() => {
    const describe = (id: string | number) => {
      const shift = shiftsById.get(String(id));
      return shift ? view.timeRange(shift.starts_at, shift.ends_at) : "";
    };
    const place = (data: unknown) => {
      const cell = data as CellData | undefined;
      if (!cell) return "";
      const row = rows[rowIndexByKey.get(cell.rowKey) ?? -1];
      const name =
        row?.kind === "person"
          ? `${row.person.first_name ?? ""} ${row.person.last_name ?? ""}`.trim()
          : t("grid.openShifts");
      return `${name}, ${view.days.find((day) => day.date === cell.date)?.full ?? cell.date}`;
    };
    return {
      onDragStart: ({ active: item }) => t("drag.started", { shift: describe(item.id) }),
      onDragOver: ({ over }) => (over ? t("drag.over", { place: place(over.data.current) }) : t("drag.outside")),
      onDragEnd: ({ over }) => (over ? t("drag.dropped", { place: place(over.data.current) }) : t("drag.cancelled")),
      onDragCancel: () => t("drag.cancelled"),
    };
  }, [rows, rowIndexByKey, shiftsById, t, view]);

  const pinnedRows = useMemo(() => [activeRow, dragRow].filter((i) => i >= 0), [activeRow, dragRow]);

  return (
    <BoardViewContext value={view}>
      <VisuallyHidden component="p" id={describedBy}>
        {week.can_manage ? t("grid.instructions") : t("grid.instructionsReadOnly")}
      </VisuallyHidden>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          lastDragEnd.current = Date.now();
          setDragging(null);
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("grid.instructions") } }}
        autoScroll={{ threshold: { x: 0.12, y: 0.12 } }}
      >
        <WeekGrid
          rows={rows}
          index={index}
          totals={figures.personTotals}
          dayTotals={figures.dayTotals}
          active={{ rowKey: active.rowKey, day: active.day }}
          selection={selection.ids}
          cutId={clipboard?.mode === "cut" ? clipboard.shift.id : null}
          printing={printing}
          pinnedRows={pinnedRows}
          label={t("grid.label", { range: figures.rangeLabel })}
          describedBy={describedBy}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onClick={onClick}
          onFocus={onFocus}
          onVirtualizer={onVirtualizer}
        />
        <DragOverlay dropAnimation={null}>
          {dragging ? <DragCard shift={dragging.shift} date={dragging.date} copy={copyMode} /> : null}
        </DragOverlay>
      </DndContext>
      <ConfirmDialog
        opened={confirming !== null}
        title={t("confirmDelete.title")}
        message={t("confirmDelete.message")}
        confirmLabel={t("confirmDelete.confirm")}
        cancelLabel={t("confirmDelete.cancel")}
        danger
        onConfirm={() => {
          if (confirming) void writes.remove(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </BoardViewContext>
  );
}

/** The row a shift sits in (to keep it rendered while it is dragged off screen). */
function rowKeyOfShift(shift: Shift, rows: readonly BoardRow[], grouped: boolean): string {
  if (shift.user_id === null) return OPEN_ROW;
  if (!grouped) return shift.user_id;
  const key = `${shift.user_id}|${shift.job_id ?? "none"}`;
  return rows.some((row) => row.key === key) ? key : shift.user_id;
}
