import type { WeekResponse } from "@workshift/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { focusedElement, focusIsNowhere } from "../../lib/lost-focus.ts";
import { returnFocus } from "./return-focus.ts";
import { cardSelector } from "./use-grid-focus.ts";

/** How long a saved shift is waited for on the board (it arrives with the week's reload) before focus gives up on it. */
const WAIT_FOR_SAVED_MS = 3000;
/** The saved shift's card is checked again after the editor's own closing. */
const RECHECK_MS = 150;

/**
 * Focus around the shift editor, so it never falls to the page: `opened`
 * remembers what opened it (a cell or a shift); `closed` puts focus on the
 * shift just saved once the board shows it, else back on the opener, else on
 * the grid's tab stop.
 */
export function useEditorFocus(week: WeekResponse | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const toOpener = useCallback(() => returnFocus(opener.current), []);

  const opened = useCallback(() => {
    opener.current = focusedElement();
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
      if (focusIsNowhere() && card.isConnected) card.focus();
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
