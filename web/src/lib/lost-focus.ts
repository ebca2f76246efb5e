/** Focus is nowhere a keyboard can go on from: the page's body. */
export const focusIsNowhere = () => document.activeElement === null || document.activeElement === document.body;

/** What has focus now, to give it back later (nothing when it is the page itself). */
export function focusedElement(): HTMLElement | null {
  const element = document.activeElement;
  return element instanceof HTMLElement && element !== document.body ? element : null;
}

/**
 * Once a dialog or menu has closed (the next frame): `element` takes the
 * focus if it fell to the page, as it does when what Mantine would give it
 * back to is gone. Focus the person put elsewhere meanwhile stays there.
 */
export function refocusIfLost(element: HTMLElement | null | undefined): void {
  requestAnimationFrame(() => {
    if (focusIsNowhere()) element?.focus();
  });
}
