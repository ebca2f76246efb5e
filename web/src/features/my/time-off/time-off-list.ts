/**
 * "My time off": my time-off requests and my asks to cancel, split into what
 * is coming up and what is over (or closed), with what I may do with each.
 * Pure, so each rule is tested.
 */
import type { Request, RequestTimeOff } from "@workshift/contracts";

export type TimeOffAction =
  /** Withdraw it while it waits (POST /api/my/requests/:id/cancel). */
  | "cancel"
  /** Approved time off with days still ahead: ask a manager to cancel it. */
  | "askCancel"
  | null;

export interface TimeOffItem {
  request: Request;
  timeOff: RequestTimeOff;
  action: TimeOffAction;
  /** Approved time off whose cancellation I asked for and that waits. */
  cancelAsked: boolean;
}

const isTimeOff = (request: Request): request is Request & { time_off: RequestTimeOff } =>
  (request.kind === "time_off" || request.kind === "time_off_cancel") && request.time_off !== null;

/**
 * Coming up: not closed (waiting or approved) and not over by `today` (the
 * person's day), soonest first. Past: the rest, latest first.
 */
export function timeOffItems(
  requests: readonly Request[],
  today: string,
): { upcoming: TimeOffItem[]; past: TimeOffItem[] } {
  const mine = requests.filter(isTimeOff);
  const cancelAsked = new Set(
    mine
      .filter((request) => request.kind === "time_off_cancel" && request.status === "pending")
      .map((request) => request.time_off.cancels_request_id),
  );
  const upcoming: TimeOffItem[] = [];
  const past: TimeOffItem[] = [];
  for (const request of mine) {
    const timeOff = request.time_off;
    const ahead = timeOff.to >= today;
    const asked = request.kind === "time_off" && cancelAsked.has(request.id);
    let action: TimeOffAction = null;
    if (request.status === "pending") action = "cancel";
    else if (request.kind === "time_off" && request.status === "approved" && ahead && !asked) action = "askCancel";
    const item = { request, timeOff, action, cancelAsked: asked };
    if (ahead && (request.status === "pending" || request.status === "approved")) upcoming.push(item);
    else past.push(item);
  }
  upcoming.sort((a, b) => a.timeOff.from.localeCompare(b.timeOff.from) || a.request.kind.localeCompare(b.request.kind));
  past.sort(
    (a, b) => b.timeOff.from.localeCompare(a.timeOff.from) || b.request.updated_at.localeCompare(a.request.updated_at),
  );
  return { upcoming, past };
}
