import { describe, expect, it } from "vitest";
import { asciiSlug, unicodeSlug } from "./file-names.ts";

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
