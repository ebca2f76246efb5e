import { type AxiosInstance, type InternalAxiosRequestConfig, isAxiosError, isCancel } from "axios";
import { apiErrorCode } from "./api-error.ts";
import { authErrorMessages, networkFailureRedirect } from "./auth-errors.ts";
import type { TokenRefresher } from "./token-refresh.ts";

/** `Bearer <token>` when a token is stored (spec §6: sent on every request). */
export function authorizationFor(token: string | null): string | undefined {
  return token ? `Bearer ${token}` : undefined;
}

export interface InterceptorDeps {
  getAccessToken(): string | null;
  refresher: TokenRefresher;
  /** The page's address, read and changed (a whole-page load, spec §4). */
  location: { pathname(): string; assign(path: string): void };
}

declare module "axios" {
  interface AxiosRequestConfig {
    /**
     * A request made knowing the network may be gone (the time clock's punches and status,
     * kept and sent again later): getting no answer fails it without sending the page to
     * /signin.
     */
    stayOnNetworkFailure?: boolean;
  }
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  /** Set on the one retry after a refresh, so an answer that is still 403 is passed on. */
  _afterRefresh?: boolean;
}

/**
 * The API client's behaviour of spec §4, §7 and §8:
 * - every request carries the stored token as a bearer token;
 * - callers get the response body (`data`) itself;
 * - a 403 `token_invalid` refreshes the tokens (one refresh shared by everyone
 *   waiting) and retries the request once; a 403 `forbidden` is a real refusal
 *   and is passed on;
 * - a request that got no answer is logged, sends the page to /signin (unless it
 *   is on /signin or /signup, or the request says `stayOnNetworkFailure`) and
 *   fails with the spec's network message (the axios error as its `cause`);
 * - other API errors are logged and passed on.
 */
export function installAuthInterceptors(instance: AxiosInstance, deps: InterceptorDeps): void {
  instance.interceptors.request.use((config) => {
    const authorization = authorizationFor(deps.getAccessToken());
    if (authorization) config.headers.set("Authorization", authorization);
    return config;
  });

  instance.interceptors.response.use(
    (response) => response.data,
    async (error: unknown) => {
      if (isCancel(error) || !isAxiosError(error)) throw error;
      const config = error.config as RetriableConfig | undefined;

      if (!error.response) {
        // A request made for an unreliable network expects this now and then: a warning, not an error.
        const log = config?.stayOnNetworkFailure ? console.warn : console.error;
        log("API request got no answer", error.config?.url, error.message);
        const target = config?.stayOnNetworkFailure ? null : networkFailureRedirect(deps.location.pathname());
        if (target) deps.location.assign(target);
        throw new Error(authErrorMessages.network, { cause: error });
      }

      const { status } = error.response;
      if (status === 403 && apiErrorCode(error) === "token_invalid" && config && !config._afterRefresh) {
        await deps.refresher.refresh();
        config._afterRefresh = true;
        return instance.request(config);
      }

      // Refusals (a wrong code, a taken phone…) are expected outcomes; server failures are not.
      const log = status >= 500 ? console.error : console.warn;
      log(
        `API ${config?.method?.toUpperCase() ?? ""} ${config?.url ?? ""} answered ${status}`,
        apiErrorCode(error) ?? "",
      );
      throw error;
    },
  );
}
