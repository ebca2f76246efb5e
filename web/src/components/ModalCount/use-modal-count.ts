import { useEffect } from "react";
import { modalCounter } from "../../lib/modal-count.ts";

/** Counts a modal in while `opened` (spec §4: the page does not scroll while any modal is open). */
export function useModalCount(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    modalCounter.increment();
    return () => {
      modalCounter.decrement();
    };
  }, [opened]);
}
