import { clockEventSchema } from "@workshift/contracts";

export type ClockQueryKind = "live" | "timesheets";

/**
 * What an `event: clock` frame makes the page reload: a refused punch only
 * the live view's list (no timesheet changed); anything else, or a frame it
 * cannot read, both views.
 */
export function viewsToReload(data: string): ClockQueryKind[] {
  try {
    const event = clockEventSchema.parse(JSON.parse(data));
    return event.refused ? ["live"] : ["live", "timesheets"];
  } catch {
    return ["live", "timesheets"];
  }
}
