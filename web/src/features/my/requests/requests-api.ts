/** The calls of /my's requests (shapes in the contracts' requests.ts). */
import {
  type MyRequestsResponse,
  myRequestsResponseSchema,
  type OpenShift,
  openShiftsResponseSchema,
  type Request,
  type RequestCreate,
  type RequestOptions,
  requestOptionsResponseSchema,
  requestResponseSchema,
} from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

/**
 * GET /api/my/requests → what I asked for, what teammates ask of me, and the
 * covers and swaps I said yes to (waiting for a manager or decided lately).
 */
export async function fetchMyRequests(signal?: AbortSignal): Promise<MyRequestsResponse> {
  return myRequestsResponseSchema.parse(await api.get<unknown>("/api/my/requests", { signal }));
}

/** GET /api/my/open-shifts → the published open shifts I may claim (with my waiting claim on each). */
export async function fetchOpenShifts(signal?: AbortSignal): Promise<OpenShift[]> {
  return openShiftsResponseSchema.parse(await api.get<unknown>("/api/my/open-shifts", { signal })).shifts;
}

/** GET /api/my/requests/options?shift_id= → who could cover my shift, and which shifts I could swap it for. */
export async function fetchRequestOptions(shiftId: string, signal?: AbortSignal): Promise<RequestOptions> {
  const body = await api.get<unknown>("/api/my/requests/options", { params: { shift_id: shiftId }, signal });
  return requestOptionsResponseSchema.parse(body);
}

/** POST /api/my/requests → the request as made (approved at once when no manager is needed). */
export async function createRequest(body: RequestCreate): Promise<Request> {
  return requestResponseSchema.parse(await api.post<unknown>("/api/my/requests", body)).request;
}

const act = (action: "cancel" | "accept" | "refuse") => async (id: string, body?: unknown) =>
  requestResponseSchema.parse(await api.post<unknown>(`/api/my/requests/${encodeURIComponent(id)}/${action}`, body))
    .request;

/** POST /api/my/requests/:id/cancel: its author withdraws it while it waits. */
export const cancelRequest = (id: string): Promise<Request> => act("cancel")(id);
/** POST /api/my/requests/:id/accept: I take a teammate's cover, or accept their swap. */
export const acceptRequest = (id: string): Promise<Request> => act("accept")(id);
/** POST /api/my/requests/:id/refuse: I turn down what was offered to me by name, saying why if I wish. */
export const refuseRequest = (id: string, reason: string): Promise<Request> =>
  act("refuse")(id, reason.trim() ? { reason: reason.trim() } : {});
