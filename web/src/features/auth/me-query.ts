import type { User } from "@workshift/contracts";
import { meQueryKey } from "../../lib/auth-context.ts";
import { queryClient } from "../../lib/query-client.ts";
import { tokenFetch } from "../../lib/token-fetch.ts";
import { getAccessToken } from "../../lib/tokens.ts";

// The API client (axios) is only fetched once there is a session to ask about.
const loadAuthApi = () => import("./auth-api.ts");

/** GET /api/auth/me through the API client (it refreshes an expired token). */
export async function fetchMe(): Promise<User | null> {
  return (await loadAuthApi()).fetchMe();
}

/** How long the signed-in user is taken as known (AuthProvider's query). */
export const ME_STALE_MS = 60_000;

/**
 * With a stored token, starts loading the signed-in user at once, beside the
 * translations, instead of once the app first renders (AuthProvider's query,
 * same key, picks the answer up): every signed-in page waits for it.
 * A plain fetch, so it need not wait for the API client's code either.
 */
export function prefetchMe(): void {
  const token = getAccessToken();
  if (token === null) return;
  void queryClient.prefetchQuery({
    queryKey: meQueryKey,
    // Started before the API client's code has arrived; anything but a 200 goes through it after all.
    queryFn: async () => {
      const response = await tokenFetch("/api/auth/me", token);
      if (!response.ok) return fetchMe();
      const body = (await response.json()) as { data?: User | null } | null;
      return body?.data ?? null;
    },
    staleTime: ME_STALE_MS,
  });
}
