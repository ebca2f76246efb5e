import { useCallback, useState } from "react";
import { readItem, writeItem } from "../../../lib/storage.ts";
import { SCHEDULE_LAYOUT_KEY } from "../../../lib/storage-keys.ts";

/** How a phone shows the week: a day's list (the default) or the grid. */
export type WeekLayout = "agenda" | "grid";

export const readWeekLayout = (): WeekLayout =>
  readItem("localStorage", SCHEDULE_LAYOUT_KEY) === "grid" ? "grid" : "agenda";

/** The phone's choice of agenda or grid, remembered by this browser. */
export function useWeekLayout(): [WeekLayout, (next: WeekLayout) => void] {
  const [layout, setLayout] = useState<WeekLayout>(readWeekLayout);
  const choose = useCallback((next: WeekLayout) => {
    setLayout(next);
    writeItem("localStorage", SCHEDULE_LAYOUT_KEY, next);
  }, []);
  return [layout, choose];
}
