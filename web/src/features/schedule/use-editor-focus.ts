import type { WeekResponse } from "@workshift/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { cardSelector, focusBoardTabStop } from "./use-grid-focus.ts";

/** How long a saved shift is waited for on the board (it arrives with the week's reload) before focus gives up on it. */
const WAIT_FOR_SAVED_MS = 3000;
/** A closing dialog may hand focus back to what it had itself; the board's choice is checked again after it. */
const RECHECK_MS = 150;

const nowhere = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Focus around the shift editor, so it never falls to the page: `opened`
 * remembers what opened it (a cell or a shift); `closed` puts focus on the
 * shift just saved once the board shows it, else back on the opener, else on
 * the grid's tab stop.
 */
export function useEditorFocus(week: WeekResponse | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const toOpener = useCallback(() => {
    const put = () => {
      if (opener.current?.isConnected) opener.current.focus();
      else focusBoardTabStop();
    };
    setTimeout(put, 0);
    setTimeout(() => {
      if (nowhere()) put();
    }, RECHECK_MS);
  }, []);

  const opened = useCallback(() => {
    const element = document.activeElement;
    opener.current = element instanceof HTMLElement && element !== document.body ? element : null;
  }, []);

  const closed = useCallback(
    (savedId?: string) => {
      if (savedId) setSaved(savedId);
      else toOpener();
    },
    [toOpener],
  );

  // The saved shift's card, once the week that holds it is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the week is what brings the card
  useEffect(() => {
    if (!saved) return;
    const card = document.querySelector<HTMLElement>(`${cardSelector}[data-shift-id="${CSS.escape(saved)}"]`);
    if (!card) return;
    card.focus();
    setSaved(null);
    setTimeout(() => {
      if (nowhere() && card.isConnected) card.focus();
    }, RECHECK_MS);
  }, [saved, week]);

  useEffect(() => {
    if (!saved) return;
    // Not on screen (another week, filtered out): the opener then.
    const timer = setTimeout(() => {
      setSaved(null);
      toOpener();
    }, WAIT_FOR_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved, toOpener]);

  return { opened, closed };
}
