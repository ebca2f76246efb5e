import { describe, expect, it } from "vitest";
import { viewsToReload } from "./clock-event.ts";

const USER = "a0000000-0000-4000-8000-000000000001";

describe("a time clock event", () => {
  it("reloads the live view and the timesheets when someone's time changed", () => {
    expect(viewsToReload(JSON.stringify({ user_id: USER }))).toEqual(["live", "timesheets"]);
  });

  it("reloads only the live view for a refused punch (no timesheet changed)", () => {
    expect(viewsToReload(JSON.stringify({ user_id: USER, refused: true }))).toEqual(["live"]);
  });

  it("reloads both for a frame it cannot read", () => {
    expect(viewsToReload("not json")).toEqual(["live", "timesheets"]);
    expect(viewsToReload(JSON.stringify({ who: "?" }))).toEqual(["live", "timesheets"]);
  });
});
