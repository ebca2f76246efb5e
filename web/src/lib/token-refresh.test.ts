import { describe, expect, it, vi } from "vitest";
import { authErrorMessages } from "./auth-errors.ts";
import { createTokenRefresher, type TokenRefresherDeps } from "./token-refresh.ts";
import type { SessionTokens } from "./tokens.ts";

function setup(overrides: Partial<TokenRefresherDeps> = {}) {
  const store: { refresh: string | null; saved: SessionTokens[] } = { refresh: "r1", saved: [] };
  const deps = {
    getRefreshToken: () => store.refresh,
    saveTokens: (tokens: SessionTokens) => {
      store.saved.push(tokens);
      store.refresh = tokens.refresh;
    },
    clearRefreshToken: vi.fn(() => {
      store.refresh = null;
    }),
    requestRefresh: vi.fn(async (_token: string): Promise<unknown> => ({ access: "a2", refresh: "r2" })),
    giveUp: vi.fn(),
    ...overrides,
  };
  return { store, deps, refresher: createTokenRefresher(deps) };
}

const refused = (status: number) => Object.assign(new Error(`status ${status}`), { response: { status } });

describe("createTokenRefresher", () => {
  it("sends the stored refresh token and saves both new tokens", async () => {
    const { store, deps, refresher } = setup();
    await expect(refresher.refresh()).resolves.toBe("a2");
    expect(deps.requestRefresh).toHaveBeenCalledWith("r1");
    expect(store.saved).toEqual([{ access: "a2", refresh: "r2" }]);
  });

  it("makes one call for everyone waiting at the same time", async () => {
    let finish: (body: unknown) => void = () => {};
    const requestRefresh = vi.fn(() => new Promise<unknown>((resolve) => (finish = resolve)));
    const { refresher } = setup({ requestRefresh });
    const waiting = [refresher.refresh(), refresher.refresh(), refresher.refresh()];
    finish({ access: "a2", refresh: "r2" });
    await expect(Promise.all(waiting)).resolves.toEqual(["a2", "a2", "a2"]);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    // The next expiry refreshes again.
    const again = refresher.refresh();
    finish({ access: "a3", refresh: "r3" });
    await expect(again).resolves.toBe("a3");
    expect(requestRefresh).toHaveBeenCalledTimes(2);
  });

  it("fails with the spec's message when no refresh token is stored", async () => {
    const { store, deps, refresher } = setup();
    store.refresh = null;
    await expect(refresher.refresh()).rejects.toThrow(authErrorMessages.noRefreshToken);
    expect(deps.requestRefresh).not.toHaveBeenCalled();
  });

  it("fails with the spec's message when the answer lacks a token", async () => {
    const { store, refresher } = setup({ requestRefresh: async () => ({ access: "a2" }) });
    await expect(refresher.refresh()).rejects.toThrow(authErrorMessages.invalidRefreshResponse);
    expect(store.saved).toEqual([]);
  });

  it("drops the stored refresh token when the server refuses it (401 or 403)", async () => {
    for (const status of [401, 403]) {
      const { store, deps, refresher } = setup({
        requestRefresh: async () => {
          throw refused(status);
        },
      });
      await expect(refresher.refresh()).rejects.toThrow(`status ${status}`);
      expect(deps.clearRefreshToken).toHaveBeenCalledTimes(1);
      expect(store.refresh).toBeNull();
    }
  });

  it("keeps the refresh token after a server error or a timeout", async () => {
    const { deps, refresher } = setup({
      requestRefresh: async () => {
        throw refused(503);
      },
    });
    await expect(refresher.refresh()).rejects.toThrow();
    expect(deps.clearRefreshToken).not.toHaveBeenCalled();
  });

  it("logs out completely on the third failure in a row", async () => {
    const { deps, refresher } = setup({
      requestRefresh: async () => {
        throw refused(500);
      },
    });
    await expect(refresher.refresh()).rejects.toThrow("status 500");
    await expect(refresher.refresh()).rejects.toThrow("status 500");
    expect(deps.giveUp).not.toHaveBeenCalled();
    expect(refresher.failures).toBe(2);
    await expect(refresher.refresh()).rejects.toThrow(authErrorMessages.tooManyRefreshFailures);
    expect(deps.giveUp).toHaveBeenCalledTimes(1);
    expect(refresher.failures).toBe(0);
  });

  it("starts counting again after a success", async () => {
    let fail = true;
    const { deps, refresher } = setup({
      requestRefresh: async () => {
        if (fail) throw refused(500);
        return { access: "a2", refresh: "r2" };
      },
    });
    await expect(refresher.refresh()).rejects.toThrow();
    await expect(refresher.refresh()).rejects.toThrow();
    fail = false;
    await refresher.refresh();
    expect(refresher.failures).toBe(0);
    fail = true;
    await expect(refresher.refresh()).rejects.toThrow();
    await expect(refresher.refresh()).rejects.toThrow();
    expect(deps.giveUp).not.toHaveBeenCalled();
  });
});
