import { type RefObject, useCallback, useEffect, useState } from "react";
import { type FocusTarget, focusAfterDecision } from "./decision-focus.ts";

/** Focuses an element that is not focusable by Tab (a heading, a summary) without scrolling it out of its place. */
function focusQuietly(element: HTMLElement | null | undefined): boolean {
  if (!element) return false;
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
  return true;
}

/**
 * Keeps keyboard focus in the inbox after a decision (see decision-focus.ts).
 * The move waits until no dialog is open, so a closing dialog's own return
 * of focus (to the card's Decline button, about to leave) does not win.
 */
export function useDecisionFocus(page: RefObject<HTMLElement | null>, dialogOpen: boolean) {
  const [target, setTarget] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (target === null || dialogOpen) return;
    const root = page.current;
    setTarget(null);
    if (!root) return;
    if (target === "summary") {
      if (focusQuietly(root.querySelector<HTMLElement>("[data-testid='bulk-summary']"))) return;
    } else if (target !== "heading") {
      const card = root.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(target.card)}"]`);
      if (focusQuietly(card?.querySelector<HTMLElement>("h2"))) return;
    }
    focusQuietly(root.querySelector<HTMLElement>("h1"));
  }, [target, dialogOpen, page]);

  /** A single decision (or a refusal saying the request moved on): focus the next card. */
  const afterDecision = useCallback((listedIds: readonly string[], decided: ReadonlySet<string>) => {
    setTarget(focusAfterDecision(listedIds, decided));
  }, []);
  /** A bulk decision: focus its summary. */
  const afterBulk = useCallback(() => setTarget("summary"), []);
  return { afterDecision, afterBulk };
}
