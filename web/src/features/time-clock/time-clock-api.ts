/** The time clock's calls (shapes in the contracts' time-clock.ts and timesheet-response.ts). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  ApprovalRequest,
  BulkApprovalRequest,
  BulkApprovalResponse,
  EntryCreate,
  EntryDelete,
  EntryHistory,
  EntryUpdate,
  LiveResponse,
  TimeClockSettings,
  TimeClockSettingsUpdate,
  TimeEntry,
  TimesheetResponse,
  UnlockRequest,
} from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { apiErrorBody, httpStatusOf } from "../../lib/api-error.ts";
import { clockKeys, TIMESHEETS_FIRST_PAGE } from "../../lib/time-clock-keys.ts";

export { clockKeys };

const id = (value: string) => encodeURIComponent(value);

/**
 * GET /api/time-clock/boards/:scope/timesheets?date= — the pay period holding `date` ("" = today's, in the
 * server's zone); with `limit`, the first `limit` people's sheets and the totals of everyone.
 */
export function fetchTimesheets(
  scope: string,
  date: string,
  signal?: AbortSignal,
  limit?: number,
): Promise<TimesheetResponse> {
  return api.get<TimesheetResponse>(`/api/time-clock/boards/${id(scope)}/timesheets`, {
    params: { ...(date ? { date } : {}), ...(limit === undefined ? {} : { limit }) },
    signal,
  });
}

/**
 * The period's timesheets. Moving to another period of the same board keeps
 * the last one on screen until the next arrives; another board starts afresh.
 */
export function useTimesheets(scope: string, date: string, enabled = true) {
  return useQuery({
    queryKey: clockKeys.timesheets(scope, date),
    queryFn: ({ signal }) => fetchTimesheets(scope, date, signal),
    enabled,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === scope ? previous : undefined),
    staleTime: 30_000,
  });
}

/** The period's first page of people with everyone's totals (see usePeriodSheets). */
export function useTimesheetsFirstPage(scope: string, date: string, enabled = true) {
  return useQuery({
    queryKey: clockKeys.timesheetsFirstPage(scope, date),
    queryFn: ({ signal }) => fetchTimesheets(scope, date, signal, TIMESHEETS_FIRST_PAGE),
    enabled,
    // As useTimesheets: a team whose first page holds everyone keeps its last period on screen meanwhile.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === scope ? previous : undefined),
    staleTime: 30_000,
  });
}

/** A live answer with the moment it arrived (to count durations on the server's clock). */
export interface LiveAnswer extends LiveResponse {
  received_at: number;
}

/** GET /api/time-clock/boards/:scope/live — today's picture. */
export async function fetchLive(scope: string, signal?: AbortSignal): Promise<LiveAnswer> {
  const answer = await api.get<LiveResponse>(`/api/time-clock/boards/${id(scope)}/live`, { signal });
  return { ...answer, received_at: Date.now() };
}

/** How often the live view asks again without any event: late and absent come with time, not with punches. */
const LIVE_REFRESH_MS = 60_000;

export function useLive(scope: string, enabled: boolean) {
  return useQuery({
    queryKey: clockKeys.live(scope),
    queryFn: ({ signal }) => fetchLive(scope, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** GET /api/time-clock/entries/:id/history. */
export function fetchEntryHistory(entryId: string, signal?: AbortSignal): Promise<EntryHistory> {
  return api.get<EntryHistory>(`/api/time-clock/entries/${id(entryId)}/history`, { signal });
}

/** POST /api/time-clock/entries → the new entry. */
export function createEntry(body: EntryCreate): Promise<TimeEntry> {
  return api.post<TimeEntry, EntryCreate>("/api/time-clock/entries", body);
}

/** PATCH /api/time-clock/entries/:id with the version read (409 with the current `entry` when it moved on). */
export function updateEntry(entryId: string, body: EntryUpdate): Promise<TimeEntry> {
  return api.patch<TimeEntry, EntryUpdate>(`/api/time-clock/entries/${id(entryId)}`, body);
}

/** DELETE /api/time-clock/entries/:id with its body (the version read and the reason). */
export async function deleteEntry(entryId: string, body: EntryDelete): Promise<void> {
  await api.delete(`/api/time-clock/entries/${id(entryId)}`, { data: body });
}

/** POST /api/time-clock/approvals — the person's period is locked. */
export async function approvePeriod(body: ApprovalRequest): Promise<void> {
  await api.post<null, ApprovalRequest>("/api/time-clock/approvals", body);
}

/** POST /api/time-clock/approvals/bulk — the ready ones are approved, the others skipped with why. */
export function approvePeriods(body: BulkApprovalRequest): Promise<BulkApprovalResponse> {
  return api.post<BulkApprovalResponse, BulkApprovalRequest>("/api/time-clock/approvals/bulk", body);
}

/** POST /api/time-clock/approvals/unlock — with the reason (audited). */
export async function unlockPeriod(body: UnlockRequest): Promise<void> {
  await api.post<null, UnlockRequest>("/api/time-clock/approvals/unlock", body);
}

export function fetchClockSettings(signal?: AbortSignal): Promise<TimeClockSettings> {
  return api.get<TimeClockSettings>("/api/time-clock/settings", { signal });
}

export function saveClockSettings(body: TimeClockSettingsUpdate): Promise<TimeClockSettings> {
  return api.put<TimeClockSettings, TimeClockSettingsUpdate>("/api/time-clock/settings", body);
}

/**
 * GET /api/time-clock/boards/:scope/timesheets.csv or .xlsx?date=&by_day= as a
 * blob: through the api client, as the endpoint wants the Bearer header (a
 * plain link would be refused) and a stale token is refreshed like anywhere
 * else. `byDay` adds a column per day of the period.
 */
export function fetchTimesheetExport(
  scope: string,
  date: string,
  extension: "csv" | "xlsx",
  byDay = false,
): Promise<Blob> {
  return api.get<Blob>(`/api/time-clock/boards/${id(scope)}/timesheets.${extension}`, {
    params: byDay ? { date, by_day: "true" } : { date },
    responseType: "blob",
  });
}

/** The current version a 409 brought back (someone else saved the entry first), if any. */
export function staleEntryOf(error: unknown): TimeEntry | null {
  if (httpStatusOf(error) !== 409) return null;
  const entry = apiErrorBody(error)?.entry;
  return typeof entry === "object" && entry !== null && "version" in entry ? (entry as TimeEntry) : null;
}
