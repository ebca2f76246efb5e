/**
 * The team calendar's calls (shapes in the contracts' time-off.ts and
 * requests.ts): the calendar of a board (or "all") over some days, one request
 * with the impact of a yes, and deciding it.
 */
import { useQuery } from "@tanstack/react-query";
import {
  type InboxItemResponse,
  type InboxResponse,
  REQUEST_PAGE_MAX,
  type RequestResponse,
  type TimeOffCalendarResponse,
  type TimeOffShiftAction,
} from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { requestKeys } from "../../lib/requests-live.ts";
import { timeOffRootKey } from "../../lib/time-off-keys.ts";
import { cancellationsByLeave } from "./calendar/calendar-layout.ts";

const id = (value: string) => encodeURIComponent(value);

/** Every time-off query starts with "timeOff", so one invalidation after a decision refreshes the calendar and balances. */
export const timeOffKeys = {
  all: timeOffRootKey,
  calendar: (scope: string, from: string, to: string) => [...timeOffRootKey, "calendar", scope, from, to] as const,
  /** Under requestKeys.all: a decision made in the inbox (or heard live) reads it again. */
  request: (requestId: string) => [...requestKeys.all, "timeOffRequest", requestId] as const,
  /** Under requestKeys.all: a cancellation asked or decided (heard live) reads it again. */
  cancellations: [...requestKeys.all, "timeOffCancellations"] as const,
};

/**
 * The cancellations of approved time off that wait for a decision, by the
 * time off each would cancel: the calendar marks that leave and opens the
 * cancellation instead. (The inbox lists them; they are few at any time.)
 */
export function usePendingCancellations(enabled: boolean) {
  return useQuery({
    queryKey: timeOffKeys.cancellations,
    queryFn: async ({ signal }) => {
      const answer = await api.get<InboxResponse>("/api/requests", {
        params: { state: "pending", kind: "time_off_cancel", limit: REQUEST_PAGE_MAX },
        signal,
      });
      return cancellationsByLeave(answer.requests);
    },
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/time-off/calendar/:scope?from=&to= (at most 42 days). */
export function fetchCalendar(
  scope: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<TimeOffCalendarResponse> {
  return api.get<TimeOffCalendarResponse>(`/api/time-off/calendar/${id(scope)}`, { params: { from, to }, signal });
}

/**
 * The calendar of these days. Moving to other days of the same scope keeps the
 * last answer on screen (dimmed) until the next arrives; another scope starts afresh.
 */
export function useCalendar(scope: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: timeOffKeys.calendar(scope, from, to),
    queryFn: ({ signal }) => fetchCalendar(scope, from, to, signal),
    enabled,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === scope ? previous : undefined),
    staleTime: 30_000,
  });
}

/** GET /api/requests/:id → the request with the impact of a yes (while it waits). */
export async function fetchRequest(requestId: string, signal?: AbortSignal) {
  return (await api.get<InboxItemResponse>(`/api/requests/${id(requestId)}`, { signal })).request;
}

export function useTimeOffRequest(requestId: string | null) {
  return useQuery({
    queryKey: timeOffKeys.request(requestId ?? ""),
    queryFn: ({ signal }) => fetchRequest(requestId ?? "", signal),
    enabled: requestId !== null,
    staleTime: 0,
  });
}

/** POST /api/requests/:id/approve with the version read and, when it overlaps shifts, what they become. */
export function approveTimeOff(
  requestId: string,
  version: number,
  shifts: TimeOffShiftAction | null,
): Promise<RequestResponse> {
  return api.post<RequestResponse>(`/api/requests/${id(requestId)}/approve`, {
    version,
    ...(shifts ? { shifts } : {}),
  });
}

/** POST /api/requests/:id/decline with the version read and the reason the person is told. */
export function declineTimeOff(requestId: string, version: number, reason: string): Promise<RequestResponse> {
  return api.post<RequestResponse>(`/api/requests/${id(requestId)}/decline`, { version, reason });
}
