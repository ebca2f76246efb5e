/** The calls of the time clock on /my (shapes in the contracts' time-clock.ts). */
import {
  type ClockStatus,
  clockStatusSchema,
  type PunchRequest,
  type PunchResponse,
  punchResponseSchema,
} from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

/** A punch or a status that takes longer than this has no answer: the punch stays queued. */
export const CLOCK_REQUEST_TIMEOUT_MS = 15_000;

/** The time clock's queries sit under /my's ["my", organization] (switching organization refetches). */
export const clockKeys = {
  all: (organizationId: string) => ["my", organizationId, "clock"] as const,
  status: (organizationId: string) => ["my", organizationId, "clock", "status"] as const,
};

/**
 * GET /api/my/clock → where I stand: in, out or on a break, my shift, my jobs
 * and my hours. Going unanswered keeps the page (the card shows what it last saw).
 */
export async function fetchClockStatus(signal?: AbortSignal): Promise<ClockStatus> {
  const body = await api.get<unknown>("/api/my/clock", {
    signal,
    timeout: CLOCK_REQUEST_TIMEOUT_MS,
    stayOnNetworkFailure: true,
  });
  return clockStatusSchema.parse(body);
}

/**
 * POST /api/my/punches → the punch as recorded (or as recorded before, `replayed`)
 * and my status after it. A refusal rejects with the API's 409/422 body.
 */
export async function sendPunch(punch: PunchRequest): Promise<PunchResponse> {
  const body = await api.post<unknown>("/api/my/punches", punch, {
    timeout: CLOCK_REQUEST_TIMEOUT_MS,
    stayOnNetworkFailure: true,
  });
  return punchResponseSchema.parse(body);
}
