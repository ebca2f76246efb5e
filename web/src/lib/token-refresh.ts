import { MAX_REFRESH_ATTEMPTS } from "@workshift/contracts";
import { authErrorMessages } from "./auth-errors.ts";
import { httpStatusOf } from "./http-status.ts";
import type { SessionTokens } from "./tokens.ts";

export interface TokenRefresherDeps {
  getRefreshToken(): string | null;
  saveTokens(tokens: SessionTokens): void;
  clearRefreshToken(): void;
  /** POST /api/auth/v2/refresh-token { refresh_token } (timeout 10 s); resolves with the response body. */
  requestRefresh(refreshToken: string): Promise<unknown>;
  /** The full logout after too many failures: storage cleared, whole-page redirect to /signin. */
  giveUp(): void;
  maxAttempts?: number;
}

export interface TokenRefresher {
  /** Refreshes once for every caller waiting at the same time; resolves with the new access token. */
  refresh(): Promise<string>;
  /** Failed attempts since the last success. */
  readonly failures: number;
}

function tokensOf(body: unknown): SessionTokens | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { access, refresh } = body as Record<string, unknown>;
  return typeof access === "string" && access !== "" && typeof refresh === "string" && refresh !== ""
    ? { access, refresh }
    : undefined;
}

/**
 * The token refresh of spec §4 and §8. Requests that meet an expired access
 * token all wait on one refresh; a success resets the failure count; a 401 or
 * 403 from the refresh call drops the stored refresh token; the third failure
 * in a row logs the person out completely.
 */
export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const maxAttempts = deps.maxAttempts ?? MAX_REFRESH_ATTEMPTS;
  let inFlight: Promise<string> | undefined;
  let failures = 0;

  async function attempt(): Promise<string> {
    const refreshToken = deps.getRefreshToken();
    if (!refreshToken) throw new Error(authErrorMessages.noRefreshToken);
    let body: unknown;
    try {
      body = await deps.requestRefresh(refreshToken);
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 401 || status === 403) deps.clearRefreshToken();
      throw error;
    }
    const tokens = tokensOf(body);
    if (!tokens) throw new Error(authErrorMessages.invalidRefreshResponse);
    deps.saveTokens(tokens);
    return tokens.access;
  }

  async function run(): Promise<string> {
    try {
      const access = await attempt();
      failures = 0;
      return access;
    } catch (error) {
      failures += 1;
      if (failures >= maxAttempts) {
        failures = 0;
        deps.giveUp();
        throw new Error(authErrorMessages.tooManyRefreshFailures, { cause: error });
      }
      throw error;
    }
  }

  return {
    refresh() {
      inFlight ??= run().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    get failures() {
      return failures;
    },
  };
}
