import { readItem, removeItem, writeItem } from "./storage.ts";
import { REFRESH_KEY, TOKEN_KEY } from "./storage-keys.ts";

/**
 * The session (spec §3): the access and refresh tokens in localStorage.
 * Components follow changes through `subscribeTokens` (also from other tabs).
 */
export interface SessionTokens {
  access: string;
  refresh: string;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return readItem("localStorage", TOKEN_KEY) || null;
}

export function getRefreshToken(): string | null {
  return readItem("localStorage", REFRESH_KEY) || null;
}

export function saveTokens(tokens: SessionTokens): void {
  writeItem("localStorage", TOKEN_KEY, tokens.access);
  writeItem("localStorage", REFRESH_KEY, tokens.refresh);
  notify();
}

/** After the server refused the refresh token (spec §4: a 401 or 403 on refresh clears it). */
export function clearRefreshToken(): void {
  removeItem("localStorage", REFRESH_KEY);
  notify();
}

/**
 * `beforeLeaving`: the page is about to be replaced (sign-out), so this tab's
 * components are not told; telling them would route to sign-in inside the app
 * while the browser is already loading the next page, two navigations racing.
 */
export function clearTokens(options: { beforeLeaving?: boolean } = {}): void {
  removeItem("localStorage", TOKEN_KEY);
  removeItem("localStorage", REFRESH_KEY);
  if (!options.beforeLeaving) notify();
}

/** For useSyncExternalStore: called on every change, in this tab or another. */
export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_KEY) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}
