import { describe, expect, it } from "vitest";
import { buildCountryOptions, filterCountries, fold } from "./country-search.ts";

const english = {
  countries: {
    LB: "Lebanon",
    FR: "France",
    GB: ["United Kingdom", "UK", "Great Britain"],
    AE: "United Arab Emirates",
    PF: "French Polynesia",
  },
};
const arabic = {
  countries: {
    LB: "لبنان",
    FR: "فرنسا",
    GB: "المملكة المتحدة",
    AE: "الإمارات العربية المتحدة",
    PF: "بولينيزيا الفرنسية",
  },
};
const dial: Record<string, string> = { LB: "961", FR: "33", GB: "44", AE: "971", AC: "247", PF: "689" };

const options = (language: "en" | "ar", local = language === "ar" ? arabic : english) =>
  buildCountryOptions(
    language,
    local,
    english,
    ["LB", "FR", "GB", "AE", "AC", "PF"],
    (c) => dial[c] ?? "",
    (c) => (c === "AC" ? "Ascension Island" : undefined),
  );

describe("country list", () => {
  it("names countries in the language, sorted for it, with fallbacks", () => {
    expect(options("en").map((o) => o.name)).toEqual([
      "Ascension Island",
      "France",
      "French Polynesia",
      "Lebanon",
      "United Arab Emirates",
      "United Kingdom",
    ]);
    const ar = options("ar");
    expect(ar.find((o) => o.code === "LB")?.name).toBe("لبنان");
    expect(ar.find((o) => o.code === "AC")?.name).toBe("Ascension Island");
  });

  it("finds countries by name, alias, English name, code or dialling code", () => {
    const en = options("en");
    expect(filterCountries(en, "leb").map((o) => o.code)).toEqual(["LB"]);
    expect(filterCountries(en, "great brit").map((o) => o.code)).toEqual(["GB"]);
    expect(filterCountries(en, "+96").map((o) => o.code)).toEqual(["LB"]);
    expect(filterCountries(en, "9").map((o) => o.code)).toEqual(["LB", "AE"]);
    expect(filterCountries(en, "  ")).toHaveLength(6);
    const ar = options("ar");
    expect(filterCountries(ar, "لبن").map((o) => o.code)).toEqual(["LB"]);
    expect(filterCountries(ar, "france").map((o) => o.code)).toEqual(["FR"]);
    expect(filterCountries(ar, "الامارات").map((o) => o.code)).toEqual(["AE"]);
  });

  it("puts the best matches first", () => {
    expect(filterCountries(options("ar"), "فرن").map((o) => o.code)).toEqual(["FR", "PF"]);
    expect(filterCountries(options("en"), "poly").map((o) => o.code)).toEqual(["PF"]);
    expect(filterCountries(options("en"), "king").map((o) => o.code)).toEqual(["GB"]);
    expect(filterCountries(options("en"), "an").map((o) => o.code)).toEqual(["AC", "FR", "LB"]);
    expect(filterCountries(options("en"), "uk").map((o) => o.code)).toEqual(["GB"]);
  });

  it("folds accents and Arabic marks", () => {
    expect(fold("Côte d’Ivoire")).toBe("cote d’ivoire");
    expect(fold("الإمارات")).toBe("الامارات");
  });
});
