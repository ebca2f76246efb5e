import { type InboxItem, requestDeclineSchema, type TimeOffShiftAction } from "@workshift/contracts";

/**
 * Deciding time off (the calendar and the inbox alike): the rules as the API has them, checked before sending: a
 * decline needs a reason (requestDeclineSchema's), and approving time off
 * that overlaps published shifts needs a choice of what they become.
 */

/** The decline reason's message key, or null when it is fine. */
export function declineReasonProblem(reason: string): string | null {
  const parsed = requestDeclineSchema.shape.reason.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "requests.reasonRequired");
}

/** How many published shifts approving would touch (only time off asks; a cancellation gives shifts back to no one). */
export function overlappingShifts(item: Pick<InboxItem, "kind" | "impact">): number {
  return item.kind === "time_off" ? (item.impact?.time_off?.shifts.length ?? 0) : 0;
}

/** What approving sends for the shifts: the choice when there are any (required), nothing otherwise. */
export function shiftsToSend(
  item: Pick<InboxItem, "kind" | "impact">,
  choice: TimeOffShiftAction | null,
): { ok: true; shifts: TimeOffShiftAction | null } | { ok: false } {
  if (overlappingShifts(item) === 0) return { ok: true, shifts: null };
  return choice ? { ok: true, shifts: choice } : { ok: false };
}

/** Whether this request waits for a manager's decision. */
export function waitsForDecision(item: Pick<InboxItem, "status" | "kind">): boolean {
  return item.status === "pending" && (item.kind === "time_off" || item.kind === "time_off_cancel");
}

/**
 * The person's usual day, to say hours in days too: the impact's, else a day
 * of the leave that counted the usual day (a whole day without shifts counts
 * exactly that); null when neither tells.
 */
export function usualDayOf(item: Pick<InboxItem, "impact" | "time_off">): number | null {
  const fromImpact = item.impact?.time_off?.day_minutes;
  if (fromImpact) return fromImpact;
  return item.time_off?.days.find((day) => day.basis === "day" && day.minutes > 0)?.minutes ?? null;
}
