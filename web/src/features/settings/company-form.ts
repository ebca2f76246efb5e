import {
  ADDRESS_MAX,
  COMPANY_NAME_MAX,
  type CompanyDetails,
  currencyLabel,
  employeeCountOptions,
  industryOptions,
  isSafeText,
  supportedCurrencies,
  timeZoneSchema,
  UNSAFE_TEXT_KEY,
  ZIP_CODE_MAX,
} from "@workshift/contracts";
import { z } from "zod";

/**
 * The Company tab's rules (spec §5), the same as the API's companyUpdateSchema
 * (company-form.test.ts compares them): employees range and industry required;
 * name and zip at most 50 characters, the address at most 200; name, address
 * and zip kept as typed (unsafe characters refused); name, country and address optional. Then the
 * organization's time zone, week start and currency (required: they always
 * have a value).
 */
export interface CompanyValues {
  title: string;
  employee_count: string | null;
  industry: string | null;
  /** ISO 3166 alpha-2, or null for none. */
  country_code: string | null;
  address: string;
  zip_code: string;
  /** IANA zone. */
  time_zone: string | null;
  /** "0" (Sunday) … "6" (Saturday), as the select holds it. */
  week_start: string | null;
  /** ISO 4217 code. */
  currency: string | null;
}

export type CompanyField = keyof CompanyValues;

/** Typed text as the API reads it (contracts' typedText): trimmed, unsafe characters refused, nothing stripped. */
const typed = (max: number, tooLongKey: string) =>
  z
    .string()
    .trim()
    .refine((value) => isSafeText(value), UNSAFE_TEXT_KEY)
    .max(max, tooLongKey);

export const companyFormSchema = z.object({
  title: typed(COMPANY_NAME_MAX, "company.nameTooLong"),
  employee_count: z.enum(employeeCountOptions, "company.employeesError"),
  industry: z.enum(industryOptions, "company.industryError"),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, "company.countryInvalid")
    .nullable(),
  address: typed(ADDRESS_MAX, "company.addressTooLong"),
  zip_code: typed(ZIP_CODE_MAX, "company.zipTooLong"),
  time_zone: timeZoneSchema,
  week_start: z.enum(["0", "1", "2", "3", "4", "5", "6"], "company.weekStartInvalid").transform(Number),
  // The shape only: the select offers the browser's currencies, and the server
  // judges the code with its own list (a browser's list may be older than it).
  currency: z.string("company.currencyInvalid").regex(/^[A-Z]{3}$/, "company.currencyInvalid"),
});

export function companyValuesFrom(details: CompanyDetails): CompanyValues {
  return {
    title: details.title,
    employee_count: details.employee_count,
    industry: details.industry,
    country_code: details.country_code,
    address: details.address ?? "",
    zip_code: details.zip_code ?? "",
    time_zone: details.time_zone,
    week_start: String(details.week_start),
    currency: details.currency,
  };
}

export interface CompanyBody {
  title: string;
  employee_count: (typeof employeeCountOptions)[number];
  industry: (typeof industryOptions)[number];
  logo: null;
  country_code: string | null;
  address: string | null;
  zip_code: string | null;
  time_zone: string;
  week_start: number;
  currency: string;
}

/** PUT /api/company/details's body (spec §3: the logo is always null; empty address and zip are none). */
export function companyBody(checked: z.output<typeof companyFormSchema>): CompanyBody {
  return {
    title: checked.title,
    employee_count: checked.employee_count,
    industry: checked.industry,
    logo: null,
    country_code: checked.country_code,
    address: checked.address === "" ? null : checked.address,
    zip_code: checked.zip_code === "" ? null : checked.zip_code,
    time_zone: checked.time_zone,
    week_start: checked.week_start,
    currency: checked.currency,
  };
}

const companyFields: readonly CompanyField[] = [
  "title",
  "employee_count",
  "industry",
  "country_code",
  "address",
  "zip_code",
  "time_zone",
  "week_start",
  "currency",
];

/** The field messages of a refused update, keyed by form field ("country" is shown under the country). */
export function companyFieldErrors(fields: Record<string, string>): Partial<Record<CompanyField, string>> {
  const out: Partial<Record<CompanyField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key === "country" ? "country_code" : key;
    if ((companyFields as readonly string[]).includes(field)) out[field as CompanyField] ??= message;
  }
  return out;
}

export interface CurrencyOption {
  value: string;
  label: string;
}

const currencyCache = new Map<string, CurrencyOption[]>();

/**
 * The currencies the browser knows, labelled "US Dollar (USD)" in a language
 * and sorted by that label; a current code the list lacks is kept, as itself.
 */
export function currencyOptions(language: string, current: string | null = null): CurrencyOption[] {
  let options = currencyCache.get(language);
  if (!options) {
    const collator = new Intl.Collator(language);
    options = supportedCurrencies()
      .map((code) => ({ value: code, label: currencyLabel(code, language) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    currencyCache.set(language, options);
  }
  if (!current || options.some((option) => option.value === current)) return options;
  return [{ value: current, label: currencyLabel(current, language) }, ...options];
}
