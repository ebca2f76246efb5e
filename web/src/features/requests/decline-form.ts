import { requestDeclineSchema } from "@workshift/contracts";

/**
 * The decline dialog's one rule, the API's own (the reason of
 * requestDeclineSchema, which the bulk decision shares): required, at most
 * REQUEST_REASON_MAX, no control characters. Its message key, or null.
 */
export function reasonProblem(reason: string): string | null {
  const parsed = requestDeclineSchema.shape.reason.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "requests.reasonRequired");
}
