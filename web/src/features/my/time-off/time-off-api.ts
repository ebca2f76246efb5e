/** The calls of /my's time off (shapes in the contracts' time-off.ts). */
import {
  type LedgerResponse,
  ledgerResponseSchema,
  type MyTimeOffResponse,
  myTimeOffResponseSchema,
  type TimeOffPreviewInput,
  type TimeOffPreviewResponse,
  timeOffPreviewResponseSchema,
} from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

/** GET /api/my/time-off → my balance of each type, the types I may ask for, my zone and weekend. */
export async function fetchMyTimeOff(signal?: AbortSignal): Promise<MyTimeOffResponse> {
  return myTimeOffResponseSchema.parse(await api.get<unknown>("/api/my/time-off", { signal }));
}

/** POST /api/my/time-off/preview → what asking would take: hours per day and why, the balance after, what stops it. */
export async function previewTimeOff(body: TimeOffPreviewInput, signal?: AbortSignal): Promise<TimeOffPreviewResponse> {
  return timeOffPreviewResponseSchema.parse(await api.post<unknown>("/api/my/time-off/preview", body, { signal }));
}

/** GET /api/my/time-off/ledger?leave_type_id= → every change to my balance of one type, each with the balance after it. */
export async function fetchMyLedger(leaveTypeId: string, signal?: AbortSignal): Promise<LedgerResponse> {
  const body = await api.get<unknown>("/api/my/time-off/ledger", { params: { leave_type_id: leaveTypeId }, signal });
  return ledgerResponseSchema.parse(body);
}
