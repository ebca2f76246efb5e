/** Why an invitation link cannot be used, from the server's answer. */
export type LinkProblem = "invalid" | "expired" | "network" | "generic";

/**
 * 404 invitation_invalid: unknown, already used, replaced by a newer link or
 * revoked (the server does not say which, so neither do we); 410
 * invitation_expired: past its seven days; no answer: the network.
 */
export function linkProblemOf(status: number | undefined, code: string | undefined): LinkProblem {
  if (code === "invitation_expired" || status === 410) return "expired";
  if (code === "invitation_invalid" || status === 404) return "invalid";
  if (status === undefined) return "network";
  return "generic";
}

/** Whether a failed accept or send means the link itself is gone (then the page shows that, not the form). */
export function isLinkGone(status: number | undefined, code: string | undefined): boolean {
  const problem = linkProblemOf(status, code);
  return problem === "invalid" || problem === "expired";
}
