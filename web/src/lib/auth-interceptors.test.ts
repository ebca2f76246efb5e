import axios, { type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authErrorMessages } from "./auth-errors.ts";
import { installAuthInterceptors } from "./auth-interceptors.ts";
import { createTokenRefresher } from "./token-refresh.ts";

type Answer = { status: number; data: unknown } | "no-answer";

/** An axios instance whose "server" answers from a function, with the interceptors under test. */
function setup(answer: (config: InternalAxiosRequestConfig) => Answer) {
  const tokens = { access: "old", refresh: "r1" };
  const seen: { url: string | undefined; authorization: unknown }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push({ url: config.url, authorization: config.headers.get("Authorization") });
    const result = answer(config);
    if (result === "no-answer") {
      throw new axios.AxiosError("Network Error", "ERR_NETWORK", config);
    }
    const response: AxiosResponse = { ...result, statusText: "", headers: {}, config };
    if (result.status >= 400) {
      throw new axios.AxiosError("failed", "ERR_BAD_REQUEST", config, undefined, response);
    }
    return response;
  };
  const requestRefresh = vi.fn(async () => ({ access: "new", refresh: "r2" }));
  const refresher = createTokenRefresher({
    getRefreshToken: () => tokens.refresh,
    saveTokens: (next) => Object.assign(tokens, next),
    clearRefreshToken: () => {
      tokens.refresh = "";
    },
    requestRefresh,
    giveUp: vi.fn(),
  });
  const location = { path: "/select-organization", assign: vi.fn() };
  const instance = axios.create({ adapter });
  installAuthInterceptors(instance, {
    getAccessToken: () => tokens.access,
    refresher,
    location: { pathname: () => location.path, assign: location.assign },
  });
  return { instance, seen, tokens, requestRefresh, location };
}

const expired = { status: 403, data: { error: "Token expired", code: "token_invalid" } };

describe("installAuthInterceptors", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("sends the stored token and resolves to the body", async () => {
    const { instance, seen } = setup(() => ({ status: 200, data: { data: { id: 1 } } }));
    await expect(instance.get("/api/auth/me")).resolves.toEqual({ data: { id: 1 } });
    expect(seen[0]?.authorization).toBe("Bearer old");
  });

  it("refreshes on 403 token_invalid and retries once with the new token", async () => {
    const { instance, seen, requestRefresh } = setup((config) =>
      config.headers.get("Authorization") === "Bearer new" ? { status: 200, data: { ok: true } } : expired,
    );
    await expect(instance.get("/api/organizations")).resolves.toEqual({ ok: true });
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.authorization)).toEqual(["Bearer old", "Bearer new"]);
  });

  it("lets concurrent requests wait on the same refresh", async () => {
    const { instance, requestRefresh } = setup((config) =>
      config.headers.get("Authorization") === "Bearer new" ? { status: 200, data: config.url } : expired,
    );
    const results = await Promise.all(["/a", "/b", "/c"].map((url) => instance.get(url)));
    expect(results).toEqual(["/a", "/b", "/c"]);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });

  it("retries only once: a second 403 is passed on", async () => {
    const { instance, seen, requestRefresh } = setup(() => expired);
    await expect(instance.get("/x")).rejects.toMatchObject({ response: { status: 403 } });
    expect(seen).toHaveLength(2);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });

  it("does not refresh on 403 forbidden", async () => {
    const { instance, requestRefresh } = setup(() => ({ status: 403, data: { error: "no", code: "forbidden" } }));
    await expect(instance.get("/x")).rejects.toMatchObject({ response: { status: 403 } });
    expect(requestRefresh).not.toHaveBeenCalled();
  });

  it("passes other refusals on unchanged", async () => {
    const { instance } = setup(() => ({ status: 404, data: { error: "nope", code: "account_not_found" } }));
    await expect(instance.post("/api/auth/verify-otp")).rejects.toMatchObject({
      response: { status: 404, data: { code: "account_not_found" } },
    });
  });

  it("on a request with no answer: sends the page to /signin and fails with the spec's message", async () => {
    const { instance, location } = setup(() => "no-answer");
    await expect(instance.get("/x")).rejects.toThrow(authErrorMessages.network);
    expect(location.assign).toHaveBeenCalledWith("/signin");
  });

  it("stays on the page when a request that may go unanswered gets no answer", async () => {
    const { instance, location } = setup(() => "no-answer");
    await expect(instance.post("/api/my/punches", {}, { stayOnNetworkFailure: true })).rejects.toThrow(
      authErrorMessages.network,
    );
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("stays on /signin and /signup when a request gets no answer", async () => {
    for (const path of ["/signin", "/signup"]) {
      const { instance, location } = setup(() => "no-answer");
      location.path = path;
      await expect(instance.get("/x")).rejects.toThrow(authErrorMessages.network);
      expect(location.assign).not.toHaveBeenCalled();
    }
  });
});
