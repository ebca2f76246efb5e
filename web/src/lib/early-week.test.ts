import { TOKEN_KEY } from "@workshift/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boardWeekOf, EARLY_TOKEN_KEY, startEarlyWeek, takeEarlyWeek, tokenExpired, weekPath } from "./early-week.ts";

const BOARD = "/admin/jobs-scheduling-dashboard/b-1";
const jwt = (payload: object) => `x.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.y`;
const live = jwt({ sub: "u", exp: Math.floor(Date.now() / 1000) + 600 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the page's first module", () => {
  it("reads the session under the app's own key", () => {
    expect(EARLY_TOKEN_KEY).toBe(TOKEN_KEY);
  });

  it("knows a board's week from its address, and nothing else", () => {
    expect(boardWeekOf({ pathname: BOARD, search: "?date=2027-06-07" })).toEqual({ scope: "b-1", date: "2027-06-07" });
    expect(boardWeekOf({ pathname: "/admin/jobs-scheduling-dashboard/all/", search: "?date=June" })).toEqual({
      scope: "all",
      date: "",
    });
    expect(boardWeekOf({ pathname: "/admin/jobs-scheduling-dashboard", search: "" })).toBeNull();
    expect(boardWeekOf({ pathname: "/admin/users", search: "" })).toBeNull();
    expect(weekPath("b 1", "")).toBe("/api/schedule/boards/b%201/week");
    expect(weekPath("b-1", "2027-06-07")).toBe("/api/schedule/boards/b-1/week?date=2027-06-07");
  });

  it("tells an expired token from a live one", () => {
    expect(tokenExpired(live)).toBe(false);
    expect(tokenExpired(jwt({ exp: Math.floor(Date.now() / 1000) - 5 }))).toBe(true);
    expect(tokenExpired("not a jwt")).toBe(false);
  });

  it("asks for a board's week with the stored token, and hands the answer over once", async () => {
    const answer = new Response("{}", { status: 200 });
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal("fetch", fetch);
    startEarlyWeek({ pathname: BOARD, search: "?date=2027-06-07" }, live);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/schedule/boards/b-1/week?date=2027-06-07");
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${live}`);
    // Another week or another session is not this request.
    expect(takeEarlyWeek(weekPath("b-1", ""), live)).toBeNull();
    expect(takeEarlyWeek(weekPath("b-1", "2027-06-07"), "other")).toBeNull();
    expect(await takeEarlyWeek(weekPath("b-1", "2027-06-07"), live)).toBe(answer);
    expect(takeEarlyWeek(weekPath("b-1", "2027-06-07"), live)).toBeNull();
  });

  it("asks nothing signed out, with an expired token or away from a board", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    startEarlyWeek({ pathname: BOARD, search: "" }, null);
    startEarlyWeek({ pathname: BOARD, search: "" }, jwt({ exp: 1 }));
    startEarlyWeek({ pathname: "/admin/users", search: "" }, live);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyWeek(weekPath("b-1", ""), live)).toBeNull();
  });

  it("lets a failed request fall back to the usual one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    startEarlyWeek({ pathname: BOARD, search: "" }, live);
    expect(await takeEarlyWeek(weekPath("b-1", ""), live)).toBeNull();
  });
});
