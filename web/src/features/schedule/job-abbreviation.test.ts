import { describe, expect, it } from "vitest";
import { jobAbbreviation, jobAbbreviations } from "./job-abbreviation.ts";

describe("a job's short name", () => {
  it("is the first letters of its first two words, or the first two letters of one word", () => {
    expect(jobAbbreviation("Front desk")).toBe("FD");
    expect(jobAbbreviation("  kitchen ")).toBe("KI");
    expect(jobAbbreviation("مطبخ")).toBe("مط");
    expect(jobAbbreviation("")).toBe("");
  });

  it("grows by a letter where two jobs would read the same, so letters tell them apart", () => {
    const short = jobAbbreviations([
      { id: "a", name: "Bar" },
      { id: "b", name: "Barista" },
      { id: "c", name: "Cook" },
    ]);
    expect(short.get("c")).toBe("CO");
    expect(short.get("a")).toBe("BAR");
    expect(short.get("b")).toBe("BARI");
  });
});
