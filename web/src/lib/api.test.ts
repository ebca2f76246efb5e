import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it } from "vitest";
import { api, authorizationFor } from "./api.ts";
import { REFRESH_KEY, TOKEN_KEY } from "./storage-keys.ts";

describe("authorizationFor", () => {
  it("sends the stored token as a bearer token", () => {
    expect(authorizationFor("abc.def")).toBe("Bearer abc.def");
  });

  it("sends nothing without a token", () => {
    expect(authorizationFor(null)).toBeUndefined();
    expect(authorizationFor("")).toBeUndefined();
  });
});

describe("storage keys", () => {
  it("match the spec", () => {
    expect(TOKEN_KEY).toBe("workshift_token");
    expect(REFRESH_KEY).toBe("workshift_refreshToken");
  });
});

describe("api", () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: { data: { id: 1 } }, status: 200, statusText: "OK", headers: {}, config };
  };

  function storeToken(token: string | null) {
    const store = new Map(token ? [[TOKEN_KEY, token]] : []);
    Object.assign(globalThis, { localStorage: { getItem: (key: string) => store.get(key) ?? null } });
  }

  afterEach(() => {
    seen.length = 0;
    Reflect.deleteProperty(globalThis, "localStorage");
  });

  it("resolves to the response body", async () => {
    storeToken(null);
    await expect(api.get("/api/auth/me", { adapter })).resolves.toEqual({ data: { id: 1 } });
  });

  it("sends credentials and the stored token", async () => {
    storeToken("tok");
    await api.get("/api/auth/me", { adapter });
    expect(seen[0]?.withCredentials).toBe(true);
    expect(seen[0]?.headers.get("Authorization")).toBe("Bearer tok");
  });

  it("sends no Authorization header without a token, even when storage is unavailable", async () => {
    await api.get("/api/auth/me", { adapter });
    expect(seen[0]?.headers.has("Authorization")).toBe(false);
  });

  it("asks for answers in the language on screen", async () => {
    Object.assign(globalThis, { document: { documentElement: { lang: "ar" } } });
    try {
      await api.get("/api/company/details", { adapter });
      expect(seen[0]?.headers.get("Accept-Language")).toBe("ar");
    } finally {
      Reflect.deleteProperty(globalThis, "document");
    }
  });

  it("sends no language outside a page", async () => {
    await api.get("/api/company/details", { adapter });
    expect(seen[0]?.headers.has("Accept-Language")).toBe(false);
  });
});
