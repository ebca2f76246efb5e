import { describe, expect, it } from "vitest";
import { apiErrorCode, apiFieldErrors, parseRetryAfter, retryAfterSeconds, waitInUnits } from "./api-error.ts";

const answered = (status: number, data: unknown, headers: Record<string, string> = {}) => ({
  response: { status, data, headers },
});

describe("apiErrorCode and apiFieldErrors", () => {
  it("read the API's error shape", () => {
    const error = answered(400, {
      error: "Invalid",
      code: "validation_failed",
      fields: { phone: "account.invalidPhoneNumber", n: 3 },
    });
    expect(apiErrorCode(error)).toBe("validation_failed");
    expect(apiFieldErrors(error)).toEqual({ phone: "account.invalidPhoneNumber" });
  });

  it("are empty for anything else", () => {
    for (const error of [new Error("x"), null, "boom", answered(500, "<html>"), { response: null }]) {
      expect(apiErrorCode(error)).toBeUndefined();
      expect(apiFieldErrors(error)).toEqual({});
    }
  });
});

describe("Retry-After", () => {
  it("reads seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("is read from a 429's headers, whatever their case or kind", () => {
    expect(retryAfterSeconds(answered(429, {}, { "retry-after": "42" }))).toBe(42);
    const axiosLike = { get: (name: string) => (name.toLowerCase() === "retry-after" ? 7 : undefined) };
    expect(retryAfterSeconds({ response: { status: 429, headers: axiosLike } })).toBe(7);
    expect(retryAfterSeconds(answered(429, {}))).toBeUndefined();
  });
});

describe("waitInUnits", () => {
  it("rounds up to the largest fitting unit", () => {
    expect(waitInUnits(0)).toEqual({ value: 0, unit: "second" });
    expect(waitInUnits(45)).toEqual({ value: 45, unit: "second" });
    expect(waitInUnits(59.2)).toEqual({ value: 1, unit: "minute" });
    expect(waitInUnits(61)).toEqual({ value: 2, unit: "minute" });
    expect(waitInUnits(600)).toEqual({ value: 10, unit: "minute" });
    expect(waitInUnits(3600)).toEqual({ value: 1, unit: "hour" });
    expect(waitInUnits(24 * 3600)).toEqual({ value: 24, unit: "hour" });
  });
});
