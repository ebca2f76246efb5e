import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "@workshift/contracts";
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { AuthContext, type AuthState, type LogoutOptions, meQueryKey } from "../../lib/auth-context.ts";
import { clearStorage } from "../../lib/storage.ts";
import { clearTokens, getAccessToken, subscribeTokens } from "../../lib/tokens.ts";
import { fetchMe, ME_STALE_MS } from "./me-query.ts";
import { clearPendingCode } from "./pending-code.ts";
import { useAccountLanguage } from "./use-account-language.ts";

// The API client (axios) is only fetched once there is a session to ask about.
const loadAuthApi = () => import("./auth-api.ts");

const hasStoredToken = () => getAccessToken() !== null;

/**
 * The auth context of spec §3 and the start-up of §4: the current user is
 * loaded only when an access token is stored; a failed lookup is logged and
 * the role stays undefined. The app speaks the signed-in person's language.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const hasToken = useSyncExternalStore(subscribeTokens, hasStoredToken, () => false);

  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, enabled: hasToken, staleTime: ME_STALE_MS });

  useEffect(() => {
    if (me.error) console.error("Could not load the signed-in user", me.error);
  }, [me.error]);

  // Start-up (spec §4): with a stored token, the three dots show until the user (and so the role) is known.
  const [starting, setStarting] = useState(hasToken);
  const settled = !hasToken || !me.isPending || me.isError;
  useEffect(() => {
    if (settled) setStarting(false);
  }, [settled]);

  const fetchUserRole = useCallback(async () => {
    try {
      const user = await queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
      return user?.role ?? undefined;
    } catch (error) {
      console.error("Could not load the signed-in user's role", error);
      return undefined;
    }
  }, [queryClient]);

  const acceptSession = useCallback(
    (session: SessionResponse) => {
      queryClient.setQueryData(meQueryKey, session.user);
      // Anything else cached was read with the previous token: read it again when next shown.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== meQueryKey[0],
        refetchType: "none",
      });
    },
    [queryClient],
  );

  const logout = useCallback(async (options: LogoutOptions = {}) => {
    try {
      await (await loadAuthApi()).logoutRequest();
    } catch (error) {
      console.error("Logout failed", error);
    }
    clearTokens({ beforeLeaving: true });
    clearPendingCode();
    if (options.clearLocalStorage) clearStorage("localStorage");
    // A full page load follows, which starts with an empty query cache; clearing
    // it here would refetch the user without a token and route inside the app.
    globalThis.location.assign(options.to ?? "/");
  }, []);

  const user = hasToken ? me.data : undefined;
  useAccountLanguage(user);
  const value = useMemo<AuthState>(
    () => ({
      hasToken,
      user,
      userRole: user?.role ?? undefined,
      isFetchingRole: hasToken && me.isFetching,
      error: hasToken ? me.error : null,
      fetchUserRole,
      acceptSession,
      logout,
    }),
    [hasToken, user, me.isFetching, me.error, fetchUserRole, acceptSession, logout],
  );

  if (starting && !settled) return <LoadingDots layout="page" />;
  return <AuthContext value={value}>{children}</AuthContext>;
}
