import { useEffect, useState } from "react";
import { flushSync } from "react-dom";

/**
 * True while the page is being printed, so the virtualised grid puts every
 * row in the page first. `beforeprint` fires before the browser lays the
 * page out for paper, and flushSync renders the rows before that layout.
 */
export function usePrintMode(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    const media = window.matchMedia?.("print");
    const onMedia = (event: MediaQueryListEvent) => (event.matches ? before() : after());
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    media?.addEventListener("change", onMedia);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      media?.removeEventListener("change", onMedia);
    };
  }, []);
  return printing;
}
