import { describe, expect, it } from "vitest";
import { directionOf, toLanguage } from "./language.ts";

describe("toLanguage", () => {
  it("keeps a shipped language", () => {
    expect(toLanguage("ar")).toBe("ar");
    expect(toLanguage("es")).toBe("es");
  });

  it("reduces a regional or upper-case code to its language", () => {
    expect(toLanguage("fr-FR")).toBe("fr");
    expect(toLanguage("AR_lb")).toBe("ar");
  });

  it("falls back to English for anything else", () => {
    expect(toLanguage("de-DE")).toBe("en");
    expect(toLanguage("")).toBe("en");
    expect(toLanguage(undefined)).toBe("en");
    expect(toLanguage(null)).toBe("en");
  });
});

describe("directionOf", () => {
  it("is right-to-left for Arabic only", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
    expect(directionOf("fr")).toBe("ltr");
    expect(directionOf("es")).toBe("ltr");
  });
});
