/*
 * The page's first module (index.html loads it before the app, see
 * vite.config.ts): when the address is a board's week and a session is
 * stored, the week's request leaves while the app's code is still arriving,
 * instead of once it has run. It imports none of the app's code (only the
 * bundler's small runtime), so it arrives and runs at once; the app imports
 * it too and takes the answer (week-prefetch.ts).
 */

/** The stored access token's key: the contracts' TOKEN_KEY (a test holds them equal). */
export const EARLY_TOKEN_KEY = "workshift_token";

const BOARD_PATH = /^\/admin\/jobs-scheduling-dashboard\/([^/?#]+)\/?$/;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** The board and date an address shows (date "" = this week), or null when it is not a board's week. */
export function boardWeekOf(location: Pick<Location, "pathname" | "search">): { scope: string; date: string } | null {
  const match = BOARD_PATH.exec(location.pathname);
  if (!match?.[1]) return null;
  let scope: string;
  try {
    scope = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const param = new URLSearchParams(location.search).get("date") ?? "";
  // The page reads the date strictly (board-url.ts); a date it would drop only costs this early request.
  return { scope, date: DATE_SHAPE.test(param) ? param : "" };
}

/** GET path of a board's week. */
export function weekPath(scope: string, date: string): string {
  return `/api/schedule/boards/${encodeURIComponent(scope)}/week${date ? `?date=${date}` : ""}`;
}

/** A token's expiry says it would be refused: the API client will refresh it instead. */
export function tokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = token.split(".")[1] ?? "";
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof exp === "number" && exp * 1000 <= now;
  } catch {
    // Not a JWT we can read: let the server say.
    return false;
  }
}

interface EarlyRequest {
  path: string;
  token: string;
  response: Promise<Response | null>;
}

let early: EarlyRequest | null = null;

/**
 * The request this module started for `path` with `token`, once: null when
 * there was none (another address, another or no session), so the caller
 * asks as usual. Its answer is null when the request failed.
 */
export function takeEarlyWeek(path: string, token: string): Promise<Response | null> | null {
  const started = early;
  if (!started || started.path !== path || started.token !== token) return null;
  early = null;
  return started.response;
}

/** Starts the week's request when `location` is a board's week and `token` a live session. */
export function startEarlyWeek(location: Pick<Location, "pathname" | "search">, token: string | null): void {
  const week = boardWeekOf(location);
  if (!week || !token || tokenExpired(token)) return;
  const path = weekPath(week.scope, week.date);
  const language = globalThis.document?.documentElement.lang;
  const response = fetch(path, {
    // As lib/token-fetch.ts asks.
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      ...(language ? { "Accept-Language": language } : {}),
    },
    credentials: "same-origin",
  }).catch(() => null);
  early = { path, token, response };
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(EARLY_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

if (typeof window !== "undefined" && typeof fetch === "function") startEarlyWeek(window.location, storedToken());
