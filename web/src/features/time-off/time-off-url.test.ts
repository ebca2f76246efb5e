import { describe, expect, it } from "vitest";
import { paramsWithTimeOffState, shownTab, timeOffStateFromParams } from "./time-off-url.ts";

const REQUEST = "20000000-0000-4000-8000-00000000000A";

describe("the time-off page's address", () => {
  it("reads the tab, the view, the day and the request open", () => {
    expect(
      timeOffStateFromParams(new URLSearchParams(`tab=balances&view=week&date=2026-03-02&request=${REQUEST}`)),
    ).toEqual({
      tab: "balances",
      view: "week",
      date: "2026-03-02",
      request: REQUEST.toLowerCase(),
    });
  });

  it("falls back to the month's calendar of today on anything unreadable", () => {
    expect(timeOffStateFromParams(new URLSearchParams("tab=x&view=year&date=2026-02-30&request=7"))).toEqual({
      tab: "calendar",
      view: "month",
      date: null,
      request: null,
    });
  });

  it("writes only what differs from the defaults, and keeps a tab's own parameters", () => {
    const current = new URLSearchParams("type=abc&view=week");
    const plain = paramsWithTimeOffState(current, { tab: "calendar", view: "month", date: null, request: null });
    expect(plain.toString()).toBe("type=abc");
    const full = paramsWithTimeOffState(current, { tab: "settings", view: "week", date: "2026-03-02", request: null });
    expect(Object.fromEntries(full)).toEqual({ type: "abc", view: "week", tab: "settings", date: "2026-03-02" });
  });

  it("shows a tab only to who may see it, else the calendar", () => {
    expect(shownTab("settings", { balances: true, settings: false })).toBe("calendar");
    expect(shownTab("settings", { balances: true, settings: true })).toBe("settings");
    expect(shownTab("balances", { balances: false, settings: false })).toBe("calendar");
    expect(shownTab("calendar", { balances: false, settings: false })).toBe("calendar");
  });
});
