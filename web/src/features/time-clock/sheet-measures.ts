/** The rows of a person's days table (the period's days across, these down). */

export type Measure = "scheduled" | "worked" | "break" | "regular" | "overtime" | "leave" | "unpaidLeave" | "cost";

/**
 * The rows: paid leave always (after overtime, which counts worked hours
 * only: leave is never worked time), unpaid leave when the period has any.
 */
export function sheetMeasures(totals: { unpaid_leave_minutes?: number | undefined }): Measure[] {
  return [
    "scheduled",
    "worked",
    "break",
    "regular",
    "overtime",
    "leave",
    ...((totals.unpaid_leave_minutes ?? 0) > 0 ? (["unpaidLeave"] as const) : []),
    "cost",
  ];
}
