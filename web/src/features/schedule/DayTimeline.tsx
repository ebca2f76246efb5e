// PLACEHOLDER written by helper C1 so the board compiles until helper C3's day view lands: C3, replace this file.
import type { WeekResponse } from "@workshift/contracts";
import type { BoardFilter, ShiftDraft } from "./schedule-types.ts";

export interface DayTimelineProps {
  week: WeekResponse;
  date: string;
  filter: BoardFilter;
  onOpen(draft: ShiftDraft): void;
}

export function DayTimeline(_props: DayTimelineProps) {
  return null;
}
