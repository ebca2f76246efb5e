/** The call of /my's availability (shapes in the contracts' availability.ts). */
import { type MyAvailabilityResponse, myAvailabilityResponseSchema } from "@workshift/contracts";
import { api } from "../../../lib/api.ts";

/** GET /api/my/availability → my weekly patterns now and ahead, my exceptions from today on, the organization's zone. */
export async function fetchMyAvailability(signal?: AbortSignal): Promise<MyAvailabilityResponse> {
  return myAvailabilityResponseSchema.parse(await api.get<unknown>("/api/my/availability", { signal }));
}
