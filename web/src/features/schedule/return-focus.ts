import { focusIsNowhere } from "../../lib/lost-focus.ts";
import { focusBoardTabStop } from "./use-grid-focus.ts";

/** A closing dialog may hand focus back to what it had itself (gone by then): the board's choice is checked again after it. */
const RECHECK_MS = 150;

const canHold = (element: HTMLElement | null | undefined): element is HTMLElement =>
  element?.isConnected === true && !element.matches(":disabled");

/**
 * Gives focus back once a dialog over the board closes: to what opened it
 * while it is still there and enabled, else to `fallback` (the button that
 * holds it, a menu's), else to the grid's tab stop; never to the page.
 */
export function returnFocus(opener: HTMLElement | null, fallback?: HTMLElement | null): void {
  const put = () => {
    if (canHold(opener)) opener.focus();
    else if (canHold(fallback)) fallback.focus();
    else focusBoardTabStop();
  };
  setTimeout(put, 0);
  setTimeout(() => {
    if (focusIsNowhere()) put();
  }, RECHECK_MS);
}
