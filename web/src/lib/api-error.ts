/**
 * Reading the API's error shape (`{ error, code, fields? }`, see the contracts'
 * errors.ts) off a failed request, without importing axios: only the fields
 * an axios error has (`response.status`, `response.data`, `response.headers`).
 */
import { httpStatusOf } from "./http-status.ts";

export { httpStatusOf };

function responseOf(error: unknown): { data?: unknown; headers?: unknown } | undefined {
  if (typeof error !== "object" || error === null || !("response" in error)) return undefined;
  const { response } = error;
  return typeof response === "object" && response !== null ? response : undefined;
}

function bodyOf(error: unknown): Record<string, unknown> | undefined {
  const data = responseOf(error)?.data;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** The body of an API refusal (`{ error, code, fields? }`), or undefined when there was no answer body. */
export function apiErrorBody(error: unknown): Record<string, unknown> | undefined {
  return bodyOf(error);
}

/** The machine code of an API refusal ("token_invalid", "rate_limited"…), if there is one. */
export function apiErrorCode(error: unknown): string | undefined {
  const code = bodyOf(error)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Field → message key, as the API names them ({ phone: "account.invalidPhoneNumber" }). */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const fields = bodyOf(error)?.fields;
  if (typeof fields !== "object" || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function header(headers: unknown, name: string): string | undefined {
  if (typeof headers !== "object" || headers === null) return undefined;
  // AxiosHeaders has get(); a plain object (tests, other clients) is read directly.
  const getter = (headers as { get?: unknown }).get;
  const value =
    typeof getter === "function"
      ? (getter as (key: string) => unknown).call(headers, name)
      : (headers as Record<string, unknown>)[name.toLowerCase()];
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/**
 * Seconds to wait from a `Retry-After` header: delta-seconds or an HTTP date
 * (RFC 9110 §10.2.3). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export function retryAfterSeconds(error: unknown, now = Date.now()): number | undefined {
  return parseRetryAfter(header(responseOf(error)?.headers, "retry-after"), now);
}

export type WaitUnit = "second" | "minute" | "hour";

/**
 * A wait as one rounded-up amount of the largest fitting unit, for
 * Intl.RelativeTimeFormat ("in 45 seconds", "in 10 minutes", "in 24 hours").
 */
export function waitInUnits(seconds: number): { value: number; unit: WaitUnit } {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return { value: s, unit: "second" };
  if (s < 60 * 60) return { value: Math.ceil(s / 60), unit: "minute" };
  return { value: Math.ceil(s / 3600), unit: "hour" };
}
