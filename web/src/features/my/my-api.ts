/** The calls of /my's shifts and calendar feed (shapes in the contracts' schedule.ts). */
import {
  type CalendarFeedResponse,
  calendarFeedResponseSchema,
  type MyShiftsResponse,
  myShiftsResponseSchema,
} from "@workshift/contracts";
import { api } from "../../lib/api.ts";

/** Every query of /my's schedule starts with "my"; the organization is part of the key (switching refetches). */
export const myKeys = {
  all: (organizationId: string) => ["my", organizationId] as const,
  shiftWeeks: (organizationId: string) => ["my", organizationId, "shifts"] as const,
  shifts: (organizationId: string, day: string) => ["my", organizationId, "shifts", day] as const,
  calendarFeed: (organizationId: string) => ["my", organizationId, "calendar-feed"] as const,
  requests: (organizationId: string) => ["my", organizationId, "requests"] as const,
  openShifts: (organizationId: string) => ["my", organizationId, "open-shifts"] as const,
  options: (organizationId: string, shiftId: string) => ["my", organizationId, "request-options", shiftId] as const,
  availability: (organizationId: string) => ["my", organizationId, "availability"] as const,
  entries: (organizationId: string) => ["my", organizationId, "entries"] as const,
  timeOff: (organizationId: string) => ["my", organizationId, "time-off"] as const,
  timeOffPreview: (organizationId: string, body: string) =>
    ["my", organizationId, "time-off", "preview", body] as const,
  ledger: (organizationId: string, leaveTypeId: string) =>
    ["my", organizationId, "time-off", "ledger", leaveTypeId] as const,
};

/**
 * GET /api/my/shifts?week= → the published shifts of the organization's week holding `day`
 * (its week start, its zone), with the days it covers.
 */
export async function fetchMyShifts(day: string, signal?: AbortSignal): Promise<MyShiftsResponse> {
  const body = await api.get<unknown>("/api/my/shifts", { params: { week: day }, signal });
  return myShiftsResponseSchema.parse(body);
}

/** GET /api/my/calendar-feed → whether there is a feed (url is null: it is shown only when made). */
export async function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedResponse> {
  return calendarFeedResponseSchema.parse(await api.get<unknown>("/api/my/calendar-feed", { signal }));
}

/** POST /api/my/calendar-feed → a new secret URL; the old one stops working. */
export async function createCalendarFeed(): Promise<CalendarFeedResponse> {
  return calendarFeedResponseSchema.parse(await api.post<unknown>("/api/my/calendar-feed"));
}

/** DELETE /api/my/calendar-feed → 204: calendar apps stop getting shifts. */
export async function deleteCalendarFeed(): Promise<void> {
  await api.delete<unknown>("/api/my/calendar-feed");
}

/** The same feed for calendar apps that subscribe by opening a link (webcal://…). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "webcal://");
}
