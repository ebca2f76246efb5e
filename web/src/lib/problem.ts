/** What went wrong with a request about the team, as the pages say it. */
export type Problem =
  | "network"
  | "forbidden"
  | "notFound"
  | "conflict"
  | "lastOwner"
  | "rateLimited"
  | "overBudget"
  | "invalid"
  | "generic";

/**
 * From an answer's status and code (the contracts' errors.ts) to what to say;
 * `fields` tells a spent invitation budget from too many tries.
 */
export function problemOf(
  status: number | undefined,
  code: string | undefined,
  fields?: Record<string, string>,
): Problem {
  if (code === "last_owner") return "lastOwner";
  if (status === undefined) return "network";
  if (
    fields &&
    Object.values(fields).some((key) => key === "people.importOverBudget" || key === "people.invitationBudget")
  ) {
    return "overBudget";
  }
  if (code === "rate_limited" || status === 429) return "rateLimited";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status === 409) return "conflict";
  if (status === 400 || status === 422) return "invalid";
  return "generic";
}
