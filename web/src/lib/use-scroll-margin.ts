import { type RefObject, useLayoutEffect, useRef, useState } from "react";

/**
 * Where a window-virtualized list starts in the page (its scroll margin), kept
 * up to date as what stands above it comes and goes (a notice, the phone's
 * filters). Give the ref to the list's element.
 */
export function useScrollMargin<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const listRef = useRef<T>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => {
      const top = node.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) > 0.5 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return [listRef, scrollMargin];
}
