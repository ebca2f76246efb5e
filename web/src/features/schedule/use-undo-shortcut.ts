import { useEffect } from "react";
import { isUndoPress } from "./board-undo.ts";

/** Where Ctrl/Cmd+Z is the text's own undo, or belongs to a dialog over the board. */
const notTheBoard = 'input, textarea, select, [contenteditable="true"], [role="dialog"]';

/**
 * Ctrl/Cmd+Z on the board (its grid, toolbar, notices, or nothing focused)
 * takes back the newest move, copy or delete; in a text field or a dialog it
 * stays theirs.
 */
export function useUndoShortcut(undo: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isUndoPress(event) || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      const onBoard = target === null || target === document.body || target.closest("[data-schedule-page]") !== null;
      if (!onBoard || target?.closest(notTheBoard)) return;
      event.preventDefault();
      undo();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [undo, enabled]);
}
