import { createRequire } from "node:module";
import { type Language, languages, phoneCountry } from "@workshift/contracts";
import countries from "i18n-iso-countries";

// require, not `import … with { type: "json" }`: the bundled server keeps packages external and
// esbuild drops the import attribute, which Node then refuses.
const require = createRequire(import.meta.url);
for (const language of languages) countries.registerLocale(require(`i18n-iso-countries/langs/${language}.json`));

/** The country's name in `language` (the maintained list of ISO 3166 names). */
export function countryName(code: string | null, language: Language): string | null {
  if (code === null) return null;
  return countries.getName(code, language) ?? countries.getName(code, "en") ?? null;
}

/** A country code from a code or from a name in any of our four languages; null when unknown. */
export function countryCode(value: string): string | null {
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && countries.isValid(trimmed.toUpperCase())) return trimmed.toUpperCase();
  for (const language of languages) {
    const code = countries.getAlpha2Code(trimmed, language);
    if (code) return code;
  }
  return null;
}

/** The country a company's owner's phone number is from (international digits), when the list knows it. */
export function companyCountryOf(phone: string): string | null {
  const region = phoneCountry(phone);
  return region === undefined ? null : countryCode(region);
}
