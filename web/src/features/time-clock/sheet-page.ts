import type { TimesheetResponse } from "@workshift/contracts";

/** Whether an answer holds only some of the period's people (a page of a longer list, sheet.page). */
export const holdsSomeOnly = (sheet: Pick<TimesheetResponse, "page" | "people">): boolean =>
  sheet.page !== undefined && sheet.page.offset + sheet.people.length < sheet.page.people;
