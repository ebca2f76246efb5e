import { describe, expect, it } from "vitest";
import { httpStatusOf } from "./http-status.ts";
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from "./query-client.ts";

const withStatus = (status: number) => ({ isAxiosError: true, response: { status } });

describe("httpStatusOf", () => {
  it("reads the status of an answered request", () => {
    expect(httpStatusOf(withStatus(404))).toBe(404);
  });

  it("is undefined when there was no answer or no error object", () => {
    expect(httpStatusOf(new Error("Network Error"))).toBeUndefined();
    expect(httpStatusOf({ response: undefined })).toBeUndefined();
    expect(httpStatusOf({ response: { status: "500" } })).toBeUndefined();
    expect(httpStatusOf(null)).toBeUndefined();
    expect(httpStatusOf("boom")).toBeUndefined();
  });
});

describe("shouldRetryQuery", () => {
  it("retries network failures and 5xx answers three times", () => {
    for (const error of [new Error("Network Error"), withStatus(500), withStatus(503)]) {
      expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false]);
    }
  });

  it("never retries a 4xx answer", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, withStatus(status))).toBe(false);
    }
  });
});

describe("queryRetryDelay", () => {
  it("doubles from one second and stops at thirty", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("createQueryClient", () => {
  it("uses the spec's defaults", () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.gcTime).toBe(300_000);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(queries?.retryDelay).toBe(queryRetryDelay);
  });
});
