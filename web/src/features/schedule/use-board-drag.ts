import {
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import type { Shift } from "@workshift/contracts";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BoardView } from "./board-context.ts";
import { DRAG_DISTANCE, MouseAndPenSensor, TOUCH_DELAY_MS, TOUCH_TOLERANCE } from "./board-sensors.ts";
import type { DragData } from "./ShiftCard.tsx";
import { copiedFields, isCopyGesture, movedFields } from "./shift-moves.ts";
import type { BoardWrites } from "./use-board-writes.ts";
import type { CellData } from "./WeekRow.tsx";
import { type BoardRow, OPEN_ROW, targetOfRow } from "./week-rows.ts";

/**
 * Dragging shifts on the week grid: a move, or a copy when Alt or Ctrl/Cmd
 * is held on the drop (followed while dragging, to show it), written through
 * the board's optimistic writes; and what screen readers hear meanwhile.
 */
export function useBoardDrag({
  view,
  rows,
  rowIndexByKey,
  shiftsById,
  groupByJob,
  canWrite,
  writes,
  onDropped,
}: {
  view: BoardView;
  rows: readonly BoardRow[];
  rowIndexByKey: ReadonlyMap<string, number>;
  shiftsById: ReadonlyMap<string, Shift>;
  groupByJob: boolean;
  canWrite: boolean;
  writes: BoardWrites;
  /** A shift was dropped on a cell (the cell becomes the grid's tab stop). */
  onDropped(cell: { rowKey: string; day: number }): void;
}) {
  const { t } = useTranslation("schedule");
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
  const dragRow = dragging ? (rowIndexByKey.get(rowKeyOfShift(dragging.shift, rows, groupByJob)) ?? -1) : -1;

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
    onDropped({ rowKey: cell.rowKey, day: view.days.findIndex((day) => day.date === cell.date) });
    if (copyRef.current) {
      void writes.copy(shift, copiedFields(shift, data.date, place, view.zoneOf));
    } else {
      const moved = movedFields(shift, data.date, place, view.zoneOf);
      if (moved) void writes.move(shift, moved);
    }
  };

  const onDragCancel = () => {
    lastDragEnd.current = Date.now();
    setDragging(null);
  };

  const announcements = useMemo<Announcements>(() => {
    const describe = (id: string | number) => {
      const shift = shiftsById.get(String(id));
      return shift ? view.shiftTime(shift) : "";
    };
    const place = (data: unknown) => {
      const cell = data as CellData | undefined;
      if (!cell) return "";
      const row = rows[rowIndexByKey.get(cell.rowKey) ?? -1];
      const name =
        row?.kind === "person"
          ? `${row.person.first_name ?? ""} ${row.person.last_name ?? ""}`.trim()
          : t("grid.openShifts");
      const day = view.days.find((d) => d.date === cell.date)?.full ?? cell.date;
      // Their time off and unavailable (or preferred) hours that day are said before the drop, not only after it.
      const userId = row?.kind === "person" ? row.person.user_id : null;
      const said = userId ? view.availability.get(userId)?.get(cell.date) : undefined;
      const leave = userId ? view.leave.get(userId)?.get(cell.date) : undefined;
      return [
        name,
        day,
        leave ? view.leaveText(leave).description : null,
        said ? view.availabilityText(said).description : null,
      ]
        .filter(Boolean)
        .join(", ");
    };
    return {
      onDragStart: ({ active: item }) => t("drag.started", { shift: describe(item.id) }),
      onDragOver: ({ over }) => (over ? t("drag.over", { place: place(over.data.current) }) : t("drag.outside")),
      // Where it went, with its time: the saved move is said again once the server has it.
      onDragEnd: ({ active: item, over }) =>
        over ? t("drag.droppedAt", { place: place(over.data.current), time: describe(item.id) }) : t("drag.cancelled"),
      onDragCancel: () => t("drag.cancelled"),
    };
  }, [rows, rowIndexByKey, shiftsById, t, view]);

  /** The click that ends a drag is the drag's own mouse up. */
  const justDragged = () => Date.now() - lastDragEnd.current < 300;

  return { dragging, copyMode, dragRow, sensors, onDragStart, onDragEnd, onDragCancel, announcements, justDragged };
}

/** The row a shift sits in (to keep it rendered while it is dragged off screen). */
function rowKeyOfShift(shift: Shift, rows: readonly BoardRow[], grouped: boolean): string {
  if (shift.user_id === null) return OPEN_ROW;
  if (!grouped) return shift.user_id;
  const key = `${shift.user_id}|${shift.job_id ?? "none"}`;
  return rows.some((row) => row.key === key) ? key : shift.user_id;
}
