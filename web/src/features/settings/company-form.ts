import {
  ADDRESS_MAX,
  COMPANY_NAME_MAX,
  type CompanyDetails,
  employeeCountOptions,
  industryOptions,
  sanitizeText,
  ZIP_CODE_MAX,
} from "@workshift/contracts";
import { z } from "zod";

/**
 * The Company tab's rules (spec §5), the same as the API's companyUpdateSchema
 * (company-form.test.ts compares them): employees range and industry required;
 * name and zip at most 50 characters, the address at most 200; name, address
 * and zip sanitised; name, country and address optional.
 */
export interface CompanyValues {
  title: string;
  employee_count: string | null;
  industry: string | null;
  /** ISO 3166 alpha-2, or null for none. */
  country_code: string | null;
  address: string;
  zip_code: string;
}

export type CompanyField = keyof CompanyValues;

const sanitized = (max: number, tooLongKey: string) =>
  z.string().transform(sanitizeText).pipe(z.string().trim().max(max, tooLongKey));

export const companyFormSchema = z.object({
  title: sanitized(COMPANY_NAME_MAX, "company.nameTooLong"),
  employee_count: z.enum(employeeCountOptions, "company.employeesError"),
  industry: z.enum(industryOptions, "company.industryError"),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, "company.countryInvalid")
    .nullable(),
  address: sanitized(ADDRESS_MAX, "company.addressTooLong"),
  zip_code: sanitized(ZIP_CODE_MAX, "company.zipTooLong"),
});

export function companyValuesFrom(details: CompanyDetails): CompanyValues {
  return {
    title: details.title,
    employee_count: details.employee_count,
    industry: details.industry,
    country_code: details.country_code,
    address: details.address ?? "",
    zip_code: details.zip_code ?? "",
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
  };
}

/** What the name, address and zip inputs keep of what is typed (spec §5: those inputs are sanitised). */
export const sanitizeInput = sanitizeText;

const companyFields: readonly CompanyField[] = [
  "title",
  "employee_count",
  "industry",
  "country_code",
  "address",
  "zip_code",
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
