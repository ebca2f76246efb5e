/** What went wrong with a request about the team, as the pages say it. */
export type Problem =
  | "network"
  | "forbidden"
  | "notFound"
  | "conflict"
  | "lastOwner"
  | "rateLimited"
  | "invalid"
  | "generic";

/** From an answer's status and code (the contracts' errors.ts) to what to say. */
export function problemOf(status: number | undefined, code: string | undefined): Problem {
  if (code === "last_owner") return "lastOwner";
  if (status === undefined) return "network";
  if (code === "rate_limited" || status === 429) return "rateLimited";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status === 409) return "conflict";
  if (status === 400 || status === 422) return "invalid";
  return "generic";
}
