import type { PunchKind, PunchRequest, PunchResponse } from "@workshift/contracts";
import type { NewPunch, PunchOwner } from "./queued-punch.ts";

/** Owners, punches and server answers for the punch queue's tests. */

export const ann: PunchOwner = {
  organizationId: "0e0c7d3e-0000-4000-8000-000000000001",
  userId: "a0000000-0000-4000-8000-000000000001",
};
/** Whose punch it is travels with it (the server refuses it under anyone else's session). */
export const whose = { organization_id: ann.organizationId, user_id: ann.userId };
export const bob: PunchOwner = { organizationId: ann.organizationId, userId: "b0000000-0000-4000-8000-000000000002" };
export const annElsewhere: PunchOwner = { organizationId: "0e0c7d3e-0000-4000-8000-000000000002", userId: ann.userId };

let counter = 0;
export function punch(kind: PunchKind, extra: Partial<NewPunch> = {}): NewPunch {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return { id, kind, at: new Date(Date.UTC(2026, 5, 8, 9, counter)).toISOString(), ...extra };
}

/** An axios-like refusal or failure, as the API client rejects with. */
export function answered(status: number, data: unknown = {}, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`answered ${status}`), { response: { status, data, headers } });
}
export const noAnswer = () => new Error("Network error: Please check your internet connection.");

export function okFor(request: PunchRequest, replayed = false): PunchResponse {
  return { replayed, punch: { id: request.id } } as unknown as PunchResponse;
}
