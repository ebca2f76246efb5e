import { companyUpdateSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  type CompanyValues,
  companyBody,
  companyFieldErrors,
  companyFormSchema,
  companyValuesFrom,
  currencyOptions,
} from "./company-form.ts";

const valid: CompanyValues = {
  title: "Cedar Café",
  employee_count: "11-30",
  industry: "food_beverage",
  country_code: "LB",
  address: "Hamra Street 12, Beirut",
  zip_code: "1103",
  time_zone: "Asia/Beirut",
  week_start: "1",
  currency: "LBP",
};

function formMessage(field: string, values: CompanyValues) {
  const result = companyFormSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function apiMessage(field: string, values: CompanyValues) {
  const parsed = companyFormSchema.safeParse(values);
  // What the form would send, or (when the form refuses) the raw values as a body.
  const body = parsed.success
    ? companyBody(parsed.data)
    : {
        ...values,
        logo: null,
        address: values.address || null,
        zip_code: values.zip_code || null,
        week_start: values.week_start === null ? null : Number(values.week_start),
      };
  const result = companyUpdateSchema.safeParse(body);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("the Company tab's rules", () => {
  it("accept a complete form, and the API accepts what it sends", () => {
    const checked = companyFormSchema.parse(valid);
    expect(companyUpdateSchema.safeParse(companyBody(checked)).success).toBe(true);
    expect(companyBody(checked)).toEqual({ ...valid, logo: null, week_start: 1 });
  });

  it("require an employees range and an industry, as the API does", () => {
    for (const [field, value] of [
      ["employee_count", null],
      ["employee_count", "7"],
      ["industry", null],
      ["industry", "piracy"],
    ] as const) {
      const values = { ...valid, [field]: value };
      expect(formMessage(field, values), `${field}=${value}`).toBe(apiMessage(field, values));
    }
    expect(formMessage("employee_count", { ...valid, employee_count: null })).toBe("company.employeesError");
    expect(formMessage("industry", { ...valid, industry: null })).toBe("company.industryError");
  });

  it("limit the name, address and zip as the API does, and refuse unsafe characters rather than strip them", () => {
    const cases: [keyof CompanyValues, string][] = [
      ["title", "x".repeat(50)],
      ["title", "x".repeat(51)],
      ["title", "Cedar <b>Café</b>!"],
      ["title", "Cedar\u202eCafé"],
      ["zip_code", "1".repeat(50)],
      ["zip_code", "1".repeat(51)],
      ["zip_code", "11#03"],
      ["zip_code", "1103\u0000"],
      ["address", "a".repeat(201)],
      ["address", "Hamra St. #12, Bldg 3/B"],
      ["address", "Hamra\u2066 St."],
    ];
    for (const [field, value] of cases) {
      const values = { ...valid, [field]: value };
      expect(formMessage(field, values), `${field}=${value}`).toBe(apiMessage(field, values));
    }
    const kept = companyFormSchema.parse({
      ...valid,
      title: " Cedar & Co. (Hamra) ",
      address: "Hamra St. #12, Bldg 3/B",
    });
    expect(kept.title).toBe("Cedar & Co. (Hamra)");
    expect(kept.address).toBe("Hamra St. #12, Bldg 3/B");
    expect(formMessage("address", { ...valid, address: "Hamra\u202e St." })).toBe("validation.unsafeCharacters");
    expect(formMessage("zip_code", { ...valid, zip_code: "1".repeat(51) })).toBe("company.zipTooLong");
  });

  it("require a time zone, a week start and a currency, refused with the API's keys", () => {
    const cases: [keyof CompanyValues, string | null][] = [
      ["time_zone", null],
      ["time_zone", "Mars/Olympus"],
      ["week_start", null],
      ["week_start", "7"],
      ["currency", null],
      ["currency", "usd"],
      ["currency", "US"],
    ];
    for (const [field, value] of cases) {
      const values = { ...valid, [field]: value };
      expect(formMessage(field, values), `${field}=${value}`).toBeDefined();
      expect(formMessage(field, values), `${field}=${value}`).toBe(apiMessage(field, values));
    }
    expect(formMessage("time_zone", { ...valid, time_zone: null })).toBe("timeZone.invalid");
    expect(formMessage("week_start", { ...valid, week_start: null })).toBe("company.weekStartInvalid");
    expect(formMessage("currency", { ...valid, currency: null })).toBe("company.currencyInvalid");
    // A well-formed code the browser may not list is left to the server to judge.
    expect(formMessage("currency", { ...valid, currency: "XYZ" })).toBeUndefined();
    expect(apiMessage("currency", { ...valid, currency: "XYZ" })).toBe("company.currencyInvalid");
  });

  it("send the week start as the day's number, and the zone in its canonical spelling", () => {
    for (const day of ["0", "6"]) {
      expect(companyBody(companyFormSchema.parse({ ...valid, week_start: day })).week_start).toBe(Number(day));
    }
    expect(companyBody(companyFormSchema.parse({ ...valid, time_zone: "asia/beirut" })).time_zone).toBe("Asia/Beirut");
  });

  it("leave the name, country, address and zip optional", () => {
    const checked = companyFormSchema.parse({ ...valid, title: "", country_code: null, address: "  ", zip_code: "" });
    const body = companyBody(checked);
    expect(body).toMatchObject({ country_code: null, address: null, zip_code: null });
    expect(companyUpdateSchema.safeParse(body).success).toBe(true);
  });

  it("start from the details as loaded", () => {
    expect(
      companyValuesFrom({
        title: "Cedar",
        employee_count: null,
        industry: null,
        country: null,
        country_code: null,
        address: null,
        zip_code: null,
        logo: null,
        time_zone: "UTC",
        week_start: 0,
        currency: "USD",
      }),
    ).toEqual({
      title: "Cedar",
      employee_count: null,
      industry: null,
      country_code: null,
      address: "",
      zip_code: "",
      time_zone: "UTC",
      week_start: "0",
      currency: "USD",
    });
  });

  it("put the API's field messages under the form's fields", () => {
    expect(companyFieldErrors({ country: "company.countryInvalid", zip_code: "company.zipTooLong", x: "y" })).toEqual({
      country_code: "company.countryInvalid",
      zip_code: "company.zipTooLong",
    });
  });

  it("put the API's messages on the time zone, week start and currency", () => {
    expect(
      companyFieldErrors({
        time_zone: "timeZone.invalid",
        week_start: "company.weekStartInvalid",
        currency: "company.currencyInvalid",
      }),
    ).toEqual({
      time_zone: "timeZone.invalid",
      week_start: "company.weekStartInvalid",
      currency: "company.currencyInvalid",
    });
  });
});

describe("the currency list", () => {
  it("names each code in the language on screen, sorted by name, with the code", () => {
    const english = currencyOptions("en");
    expect(english).toContainEqual({ value: "USD", label: "US Dollar (USD)" });
    expect(english).toContainEqual({ value: "EUR", label: "Euro (EUR)" });
    const labels = english.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator("en").compare));
    expect(currencyOptions("fr")).toContainEqual({ value: "USD", label: "dollar des États-Unis (USD)" });
    expect(currencyOptions("ar")).toContainEqual({ value: "USD", label: "دولار أمريكي (USD)" });
    expect(new Set(english.map((option) => option.value)).size).toBe(english.length);
  });

  it("keep a current code the browser does not list", () => {
    expect(currencyOptions("en", "USD")).toBe(currencyOptions("en"));
    expect(currencyOptions("en", "QQQ")[0]).toEqual({ value: "QQQ", label: "QQQ" });
  });
});
