/** The board's calls (shapes in the contracts' schedule.ts). */
import { useQuery } from "@tanstack/react-query";
import {
  decodeWeek,
  type Shift,
  type ShiftCheck,
  type ShiftCheckResponse,
  type ShiftCreate,
  type ShiftRestore,
  type ShiftUpdate,
  type ShiftWarning,
  type WeekResponse,
  type WeekWire,
} from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { apiErrorBody, apiErrorCode, httpStatusOf } from "../../lib/api-error.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";

const id = (value: string) => encodeURIComponent(value);

/** A saved shift and the warnings it meets (rest, overtime, not on the job). */
export interface ShiftAnswer {
  shift: Shift;
  warnings: ShiftWarning[];
}

/** Several saved shifts (a repeat makes more than one). */
export interface ShiftsAnswer {
  shifts: Shift[];
  warnings: ShiftWarning[];
}

/** GET /api/schedule/boards/:scope/week?date= — the week holding `date` (a board id or "all"). */
export async function fetchWeek(scope: string, date: string, signal?: AbortSignal): Promise<WeekResponse> {
  // No date: the server takes today in the board's own zone (the browser's may be another).
  const wire = await api.get<WeekWire>(`/api/schedule/boards/${id(scope)}/week`, {
    params: date ? { date } : {},
    signal,
  });
  // The week travels in columns (contracts' week-wire.ts); the board reads its objects.
  return decodeWeek(wire);
}

/**
 * The week as the board shows it ("" = this week). Moving to another week
 * of the same board keeps the last one on screen until the next arrives, so
 * the grid does not flash to a skeleton; another board starts afresh.
 */
export function useWeek(scope: string, date: string) {
  return useQuery({
    queryKey: scheduleKeys.week(scope, date),
    queryFn: ({ signal }) => fetchWeek(scope, date, signal),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === scope ? previous : undefined),
    staleTime: 30_000,
  });
}

/** POST /api/schedule/shifts — one shift, or several with `repeat`. */
export function createShift(body: ShiftCreate): Promise<ShiftsAnswer> {
  return api.post<ShiftsAnswer, ShiftCreate>("/api/schedule/shifts", body);
}

/** PATCH /api/schedule/shifts/:id with the version seen (409 shift_changed when it moved on). */
export function updateShift(shiftId: string, body: ShiftUpdate): Promise<ShiftAnswer> {
  return api.patch<ShiftAnswer, ShiftUpdate>(`/api/schedule/shifts/${id(shiftId)}`, body);
}

/** POST /api/schedule/shifts/:id/restore — a published shift waiting for removal shows again (the board's Undo). */
export function restoreShift(shiftId: string, version: number): Promise<ShiftAnswer> {
  return api.post<ShiftAnswer, ShiftRestore>(`/api/schedule/shifts/${id(shiftId)}/restore`, { version });
}

/** DELETE /api/schedule/shifts/:id?version= — a published shift becomes "deleted" until the next publish. */
export async function deleteShift(shiftId: string, version?: number): Promise<void> {
  await api.delete(`/api/schedule/shifts/${id(shiftId)}`, { params: version === undefined ? {} : { version } });
}

/** POST /api/schedule/shifts/bulk-delete → how many went (or were marked for removal). */
export async function bulkDeleteShifts(ids: readonly string[]): Promise<number> {
  return (await api.post<{ count: number }, { ids: readonly string[] }>("/api/schedule/shifts/bulk-delete", { ids }))
    .count;
}

/** POST /api/schedule/shifts/check — what saving would meet, before saving. */
export function checkShift(body: ShiftCheck): Promise<ShiftCheckResponse> {
  return api.post<ShiftCheckResponse, ShiftCheck>("/api/schedule/shifts/check", body);
}

/**
 * A 409 about one shift: shift_overlap (the person already works then; the
 * body's `overlap` names that shift) or shift_changed (someone saved first;
 * the body's `shift` is the current version, absent when it is gone).
 */
export type ShiftConflict =
  | { code: "shift_overlap"; overlap: Shift | null }
  | { code: "shift_changed"; shift: Shift | null };

const shiftIn = (value: unknown): Shift | null =>
  typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string"
    ? (value as Shift)
    : null;

export function isShiftConflict(error: unknown): ShiftConflict | null {
  if (httpStatusOf(error) !== 409) return null;
  const code = apiErrorCode(error);
  const body = apiErrorBody(error);
  if (code === "shift_overlap") return { code, overlap: shiftIn(body?.overlap) };
  if (code === "shift_changed") return { code, shift: shiftIn(body?.shift) };
  return null;
}
