import { DndContext, DragOverlay, pointerWithin } from "@dnd-kit/core";
import { VisuallyHidden } from "@mantine/core";
import type { WeekResponse } from "@workshift/contracts";
import { useCallback, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import type { BoardFilter } from "../../lib/board-url.ts";
import { BoardViewContext } from "./board-context.ts";
import { DragCard } from "./ShiftCard.tsx";
import type { ShiftDraft } from "./schedule-types.ts";
import { useBoardDrag } from "./use-board-drag.ts";
import { useBoardFigures } from "./use-board-figures.ts";
import type { BoardSelection } from "./use-board-selection.ts";
import type { BoardWrites } from "./use-board-writes.ts";
import { useFirstScreenDrawn } from "./use-first-screen.ts";
import { useGridCommands } from "./use-grid-commands.ts";
import { useGridFocus } from "./use-grid-focus.ts";
import { useUndoShortcut } from "./use-undo-shortcut.ts";
import { WeekGrid } from "./WeekGrid.tsx";

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

/**
 * The week view: the grid with pointer drag and drop (Alt or Ctrl/Cmd held
 * on drop copies), the keyboard of grid-keyboard.ts, selection, and an
 * in-page clipboard for cut, copy and paste. Writes are optimistic
 * (use-board-writes.ts).
 */
export function WeekBoard({ week, filter, busy, printing, selection, writes, toaster, onOpen }: WeekBoardProps) {
  const { t } = useTranslation("schedule");
  // The first screen draws its rows first: the week's totals and the rows below it follow once it is painted.
  const drawn = useFirstScreenDrawn();
  const figures = useBoardFigures(week, filter, { totals: drawn });
  const { view, rows, index } = figures;
  // "all" with no board at all has nowhere to put a new shift.
  const canWrite = week.can_manage && !busy && week.boards.length > 0;
  const describedBy = useId();

  const shiftsById = useMemo(() => new Map(week.shifts.map((shift) => [shift.id, shift])), [week.shifts]);
  const canFocusRow = useCallback((i: number) => rows[i]?.kind !== "section" && rows[i] !== undefined, [rows]);
  const todayIndex = view.days.findIndex((day) => day.today);
  const focus = useGridFocus(rows, todayIndex);
  const drag = useBoardDrag({
    view,
    rows,
    rowIndexByKey: focus.rowIndexByKey,
    shiftsById,
    groupByJob: filter.groupByJob,
    canWrite,
    writes,
    onDropped: focus.setActiveCell,
  });
  const commands = useGridCommands({
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
    justDragged: drag.justDragged,
    onOpen,
  });
  const { active, activeRow } = focus;
  const { dragging, dragRow } = drag;
  const { clipboard, confirming, setConfirming } = commands;

  const { undo } = writes;
  useUndoShortcut(
    useCallback(() => void undo(), [undo]),
    canWrite,
  );

  const pinnedRows = useMemo(() => [activeRow, dragRow].filter((i) => i >= 0), [activeRow, dragRow]);

  return (
    <BoardViewContext value={view}>
      <VisuallyHidden component="p" id={describedBy}>
        {week.can_manage ? `${t("grid.instructions")} ${t("grid.instructionsUndo")}` : t("grid.instructionsReadOnly")}
      </VisuallyHidden>
      <DndContext
        sensors={drag.sensors}
        collisionDetection={pointerWithin}
        onDragStart={drag.onDragStart}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
        accessibility={{
          announcements: drag.announcements,
          screenReaderInstructions: { draggable: t("grid.instructions") },
        }}
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
          dropping={dragging !== null}
          printing={printing}
          ahead={drawn}
          pinnedRows={pinnedRows}
          label={t("grid.label", { range: figures.rangeLabel })}
          describedBy={describedBy}
          onKeyDown={commands.onKeyDown}
          onKeyUp={commands.onKeyUp}
          onClick={commands.onClick}
          onFocus={commands.onFocus}
          onVirtualizer={focus.onVirtualizer}
        />
        <DragOverlay dropAnimation={null}>
          {dragging ? <DragCard shift={dragging.shift} date={dragging.date} copy={drag.copyMode} /> : null}
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
