/** The call of "Correct my time" (shapes in the contracts' requests.ts). */
import { type MyEntriesResponse, myEntriesResponseSchema } from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

/** GET /api/my/entries?from=&to= → my own entries, newest first (the last 14 days unless asked), my jobs, the zone. */
export async function fetchMyEntries(range: { from?: string; to?: string }, signal?: AbortSignal) {
  const body = await api.get<unknown>("/api/my/entries", { params: range, signal });
  return myEntriesResponseSchema.parse(body) satisfies MyEntriesResponse;
}
