import { describe, expect, it } from "vitest";
import { asciiSlug, timesheetExportBaseName, unicodeSlug } from "./file-names.ts";

describe("file names", () => {
  it("keep ASCII letters and digits of a board's name, dashes between", () => {
    expect(asciiSlug("Café Downtown")).toBe("cafe-downtown");
    expect(asciiSlug('  "Bar" / Terrace #2 ')).toBe("bar-terrace-2");
    expect(asciiSlug("مطعم الأرز")).toBe("board");
    expect(asciiSlug("x".repeat(60))).toHaveLength(40);
  });

  it("keep every script for the UTF-8 name", () => {
    expect(unicodeSlug("مطعم الأرز")).toBe("مطعم-الأرز");
    expect(unicodeSlug("Café  Downtown!")).toBe("café-downtown");
    expect(unicodeSlug("../../etc")).toBe("etc");
    expect(unicodeSlug("***")).toBe("board");
  });
});

describe("a timesheets export's file name", () => {
  const period = { start: "2026-11-16", end: "2026-11-29" };

  it("names the board (or all) and the period's first and last days", () => {
    expect(timesheetExportBaseName("Front desk", period)).toEqual({
      ascii: "timesheets-front-desk-2026-11-16_2026-11-29",
      unicode: "timesheets-front-desk-2026-11-16_2026-11-29",
    });
    expect(timesheetExportBaseName(null, period).unicode).toBe("timesheets-all-2026-11-16_2026-11-29");
  });

  it("keeps a board's own script in the UTF-8 name only", () => {
    expect(timesheetExportBaseName("مطبخ / 2", period)).toEqual({
      ascii: "timesheets-2-2026-11-16_2026-11-29",
      unicode: "timesheets-مطبخ-2-2026-11-16_2026-11-29",
    });
  });
});
