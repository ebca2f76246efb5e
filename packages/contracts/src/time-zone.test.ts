import { describe, expect, it } from "vitest";
import { canonicalTimeZone, regionWeekStart } from "./time-zone.ts";

describe("time zones", () => {
  it("are known by their canonical names, whatever the case; unknown ones are null", () => {
    expect(canonicalTimeZone("asia/beirut")).toBe("Asia/Beirut");
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });
});

describe("the week's first day in a country", () => {
  it("follows the country's custom: Monday in Lebanon and France, Sunday in the US and Saudi Arabia", () => {
    expect(regionWeekStart("LB")).toBe(1);
    expect(regionWeekStart("FR")).toBe(1);
    expect(regionWeekStart("US")).toBe(0);
    expect(regionWeekStart("SA")).toBe(0);
  });

  it("is Monday when the country is unknown", () => {
    expect(regionWeekStart(undefined)).toBe(1);
    expect(regionWeekStart("lebanon")).toBe(1);
  });
});
