import type { SessionResponse, User } from "@workshift/contracts";
import { createContext, use } from "react";

/** What the app knows about the signed-in person (spec §3), filled by AuthProvider. */
export interface AuthState {
  /** An access token is stored (spec §4: no token means unauthenticated). */
  hasToken: boolean;
  /** The user from /api/auth/me: undefined while unknown (no token, loading, failed), null when the lookup found nobody. */
  user: User | null | undefined;
  /** The role in the selected organization; undefined when unknown or none selected. */
  userRole: string | undefined;
  /** The user (and so the role) is being loaded. */
  isFetchingRole: boolean;
  /** The last lookup failed (logged; the role stays undefined). */
  error: unknown;
  /** Loads the user again and resolves with the role. */
  fetchUserRole(): Promise<string | undefined>;
  /** After verify-otp, register or organization select: the tokens are saved, this records the user. */
  acceptSession(session: SessionResponse): void;
  /**
   * Calls the server, clears both tokens and reloads at the site root; a failure is only logged.
   * The header's sign-out (spec §4) clears all of local storage and goes to /signin instead.
   */
  logout(options?: LogoutOptions): Promise<void>;
}

export interface LogoutOptions {
  /** Clear everything this site keeps in local storage, not only the session tokens. */
  clearLocalStorage?: boolean;
  /** Where the page reloads (default: the site root). */
  to?: string;
}

const signedOut: AuthState = {
  hasToken: false,
  user: undefined,
  userRole: undefined,
  isFetchingRole: false,
  error: null,
  fetchUserRole: async () => undefined,
  acceptSession: () => {},
  logout: async () => {},
};

export const AuthContext = createContext<AuthState>(signedOut);

export function useAuth(): AuthState {
  return use(AuthContext);
}

/** The signed-in user's role, or undefined when nobody is signed in (or it is still loading). */
export function useUserRole(): string | undefined {
  return use(AuthContext).userRole;
}

export const meQueryKey = ["auth", "me"] as const;
