/**
 * Runs `work` once the page is idle (after the frames it is busy drawing),
 * for code worth having before it is first wanted but not before the screen
 * shows. Browsers without requestIdleCallback wait a moment and a half instead.
 */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => work());
  else window.setTimeout(work, 1500);
}
