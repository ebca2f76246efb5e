import { z } from "zod";
import { COMPANY_NAME_MAX } from "./auth.ts";
import { currencySchema } from "./currency.ts";
import { timeZoneSchema } from "./time-zone.ts";
import { typedText } from "./validation.ts";

/** Spec §3. */
export const employeeCountOptions = [
  "1-10",
  "11-30",
  "31-50",
  "51-100",
  "101-200",
  "201-500",
  "501-1000",
  "1001+",
] as const;

export const industryOptions = [
  "retail",
  "transportation",
  "events",
  "staffing",
  "real_estate",
  "entertainment",
  "field_services",
  "beauty_wellness",
  "gardening",
  "fitness",
  "logistics",
  "education",
  "religious",
  "governmental",
  "telecom",
  "npo",
  "cleaning",
  "security",
  "healthcare",
  "manufacturing",
  "construction",
  "food_beverage",
  "hospitality",
  "other",
] as const;

export const ZIP_CODE_MAX = 50;
export const ADDRESS_MAX = 200;

/** Optional typed text, kept as typed (requiredTypedText says why nothing is stripped). */
const typed = (max: number, tooLongKey: string) => typedText(tooLongKey).max(max, tooLongKey);

/** Day the organization's week starts on: 0 = Sunday … 6 = Saturday (as the boards' week start). */
export const companyWeekStartSchema = z
  .number("company.weekStartInvalid")
  .int("company.weekStartInvalid")
  .min(0, "company.weekStartInvalid")
  .max(6, "company.weekStartInvalid");

/**
 * GET /api/company/details: the country as its name in the caller's language,
 * and its ISO code; with the organization's settings (not in the spec): the
 * IANA time zone and week start that lay out "All schedules", employees'
 * weeks and new boards, and the ISO 4217 currency of its money.
 */
export const companyDetailsSchema = z.object({
  title: z.string(),
  employee_count: z.enum(employeeCountOptions).nullable(),
  industry: z.enum(industryOptions).nullable(),
  country: z.string().nullable(),
  country_code: z.string().length(2).nullable(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  logo: z.null(),
  time_zone: z.string(),
  week_start: z.number().int(),
  currency: z.string(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

/**
 * PUT /api/company/details (spec §5): employees range and industry required;
 * name and zip at most 50; name, address and zip kept as typed (unsafe
 * characters refused, nothing stripped); name, country and address optional. The country may come as its code or as its name in any of
 * the four languages; it is stored as the code. The organization's time zone,
 * week start and currency (an addition to the spec) change only when given.
 */
export const companyUpdateSchema = z.object({
  title: typed(COMPANY_NAME_MAX, "company.nameTooLong").optional(),
  employee_count: z.enum(employeeCountOptions, "company.employeesError"),
  industry: z.enum(industryOptions, "company.industryError"),
  logo: z.null().optional(),
  country: typedText().max(100).nullable().optional(),
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "company.countryInvalid")
    .transform((code) => code.toUpperCase())
    .nullable()
    .optional(),
  address: typed(ADDRESS_MAX, "company.addressTooLong").nullable().optional(),
  zip_code: typed(ZIP_CODE_MAX, "company.zipTooLong").nullable().optional(),
  time_zone: timeZoneSchema.optional(),
  week_start: companyWeekStartSchema.optional(),
  currency: currencySchema.optional(),
});
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

/** Spec §3 job schedulers (schedule boards), as the sidebar needs them. */
export const jobSchedulersResponseSchema = z.object({
  job_schedulers: z.array(z.object({ id: z.string().uuid(), name: z.string(), is_archived: z.boolean() })),
});
