import type { Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { CellPosition } from "./grid-keyboard.ts";
import { type BoardRow, OPEN_ROW } from "./week-rows.ts";

export const cardSelector = '[data-testid="shift-card"]';
export const cellSelector = '[data-testid="schedule-cell"]';

/**
 * Puts focus on the week grid's tab stop (the cell or shift the keyboard was
 * last on), when what held focus goes away (a notice's button, a dialog).
 * False when the grid is not on screen.
 */
export function focusBoardTabStop(): boolean {
  const stop = document.querySelector<HTMLElement>(
    `[data-schedule-page] ${cellSelector}[tabindex="0"], [data-schedule-page] ${cardSelector}[tabindex="0"]`,
  );
  stop?.focus();
  return stop !== null;
}

/** Where focus goes once rendered: a cell, or a shift in the cell it was moved to (it arrives there a moment later). */
type PendingFocus =
  | { kind: "cell"; rowKey: string; day: number }
  | { kind: "shift"; id: string; rowKey: string; day: number }
  | null;

/**
 * The week grid's roving tab stop (one cell; today's column of the
 * open-shifts row to begin with), and focus that follows the keyboard into
 * rows the virtualised grid may only now render.
 */
export function useGridFocus(rows: readonly BoardRow[], todayIndex: number) {
  const rowIndexByKey = useMemo(() => new Map(rows.map((row, i) => [row.key, i])), [rows]);
  const [activeCell, setActiveCell] = useState<{ rowKey: string; day: number }>({
    rowKey: OPEN_ROW,
    day: Math.max(0, todayIndex),
  });
  const active = rowIndexByKey.has(activeCell.rowKey) ? activeCell : { rowKey: OPEN_ROW, day: activeCell.day };
  const activeRow = rowIndexByKey.get(active.rowKey) ?? 0;

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

  /** Focus follows a shift moved by the keyboard to its new cell; false when there is no such row. */
  const followMovedShift = (id: string, position: CellPosition): boolean => {
    const toRow = rows[position.row];
    if (!toRow) return false;
    setActiveCell({ rowKey: toRow.key, day: position.day });
    // The card moves in the cache a moment later (pending reloads are cancelled first): focus waits for it there.
    pendingFocus.current = { kind: "shift", id, rowKey: toRow.key, day: position.day };
    virtualizerRef.current?.scrollToIndex(position.row, { align: "auto" });
    return true;
  };

  return { rowIndexByKey, activeCell, setActiveCell, active, activeRow, focusCell, followMovedShift, onVirtualizer };
}
