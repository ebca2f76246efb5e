import type { ProblemCode } from "../../lib/problem-text.ts";

/**
 * Why an invitation link cannot be used: invalid (unknown, already used,
 * replaced by a newer link or revoked; the server does not say which, so
 * neither do we) or expired (past its seven days).
 */
export type LinkProblem = "invalid" | "expired";

/** The link's own problem behind a failed request, or null when the failure is about something else. */
export function linkProblemOf(code: ProblemCode): LinkProblem | null {
  if (code === "invitation_expired") return "expired";
  if (code === "invitation_invalid") return "invalid";
  return null;
}
