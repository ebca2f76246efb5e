import { publicPaths, REFRESH_TIMEOUT_MS } from "@workshift/contracts";
import axios, { type AxiosRequestConfig } from "axios";
import { installAuthInterceptors } from "./auth-interceptors.ts";
import { clearStorage } from "./storage.ts";
import { createTokenRefresher } from "./token-refresh.ts";
import { clearRefreshToken, getAccessToken, getRefreshToken, saveTokens } from "./tokens.ts";

export { authorizationFor } from "./auth-interceptors.ts";

/** The refresh call goes around the interceptors: its own 403 must not start another refresh. */
const refreshClient = axios.create({ baseURL: "", withCredentials: true, timeout: REFRESH_TIMEOUT_MS });

const browserLocation = {
  pathname: () => globalThis.location?.pathname ?? "/",
  assign: (path: string) => globalThis.location?.assign(path),
};

export const tokenRefresher = createTokenRefresher({
  getRefreshToken,
  saveTokens,
  clearRefreshToken,
  requestRefresh: (refreshToken) =>
    refreshClient.post("/api/auth/v2/refresh-token", { refresh_token: refreshToken }).then((r) => r.data),
  giveUp: () => {
    // Spec §4: after three failed refreshes everything stored is cleared and the page goes to sign-in.
    clearStorage("localStorage");
    clearStorage("sessionStorage");
    browserLocation.assign(publicPaths.signin);
  },
});

/** The raw instance (its interceptors are installed below). */
export const http = axios.create({ baseURL: "", withCredentials: true });

installAuthInterceptors(http, { getAccessToken, refresher: tokenRefresher, location: browserLocation });

/** The interface language, as i18n put it on <html lang> ("en", "ar"…); undefined outside a page. */
export function pageLanguage(): string | undefined {
  const language = globalThis.document?.documentElement.lang;
  return language ? language : undefined;
}

// The server names things (countries, messages) in the reader's language: tell it which one is on screen.
http.interceptors.request.use((config) => {
  const language = pageLanguage();
  if (language) config.headers.set("Accept-Language", language);
  return config;
});

/** Typed calls that resolve to the response body, matching what the interceptor returns. */
export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => http.get<T, T>(url, config),
  delete: <T>(url: string, config?: AxiosRequestConfig) => http.delete<T, T>(url, config),
  post: <T, B = unknown>(url: string, body?: B, config?: AxiosRequestConfig<B>) =>
    http.post<T, T, B>(url, body, config),
  put: <T, B = unknown>(url: string, body?: B, config?: AxiosRequestConfig<B>) => http.put<T, T, B>(url, body, config),
  patch: <T, B = unknown>(url: string, body?: B, config?: AxiosRequestConfig<B>) =>
    http.patch<T, T, B>(url, body, config),
};
