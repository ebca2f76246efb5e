/**
 * Spec §4: a count of open modals is kept, and the page does not scroll while
 * it is above zero. Each modal (the settings sheet, its discard dialog…)
 * counts itself in when it opens and out when it closes, so a dialog opened
 * over the sheet and closed again leaves the page locked until the sheet
 * closes too.
 */
export interface ScrollLockTarget {
  style: { overflow: string; paddingInlineEnd: string };
}

export interface ModalCounter {
  /** A modal opened; the first one locks the page. Returns the new count. */
  increment(): number;
  /** A modal closed; the last one unlocks the page (never below zero). Returns the new count. */
  decrement(): number;
  count(): number;
}

/**
 * `target` is the element whose scrolling stops (the body); `scrollbarWidth`
 * how wide the scrollbar was, so the page does not shift sideways when it goes.
 */
export function createModalCounter(
  target: () => ScrollLockTarget | undefined,
  scrollbarWidth: () => number = () => 0,
): ModalCounter {
  let open = 0;
  let saved: { overflow: string; paddingInlineEnd: string } | undefined;

  const lock = () => {
    const element = target();
    if (!element) return;
    saved = { overflow: element.style.overflow, paddingInlineEnd: element.style.paddingInlineEnd };
    const width = scrollbarWidth();
    element.style.overflow = "hidden";
    if (width > 0) element.style.paddingInlineEnd = `${width}px`;
  };

  const unlock = () => {
    const element = target();
    if (element && saved) {
      element.style.overflow = saved.overflow;
      element.style.paddingInlineEnd = saved.paddingInlineEnd;
    }
    saved = undefined;
  };

  return {
    increment() {
      open += 1;
      if (open === 1) lock();
      return open;
    },
    decrement() {
      if (open === 0) return 0;
      open -= 1;
      if (open === 0) unlock();
      return open;
    },
    count: () => open,
  };
}

/** The page's counter: locks <body>. */
export const modalCounter = createModalCounter(
  () => globalThis.document?.body,
  () => {
    const root = globalThis.document?.documentElement;
    return root ? Math.max(0, globalThis.innerWidth - root.clientWidth) : 0;
  },
);
