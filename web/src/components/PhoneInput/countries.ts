/**
 * The country list of the phone input: every region the phone metadata knows,
 * with its dialling code, its name in the interface language and its flag.
 * Loaded with the country dropdown, not with the page.
 *
 * Names come from i18n-iso-countries, whose files for our four languages (and
 * only those) are fetched when needed, about 3 KB gzipped each. Regions it does
 * not name (Ascension, Tristan da Cunha…) fall back to the browser's
 * Intl.DisplayNames. Flags are country-flag-icons' SVGs, emitted as separate
 * files (CSP img-src 'self') that the browser fetches as they scroll into view.
 */
import type { Language } from "@workshift/contracts";
import { buildCountryOptions, type CountryOption, type NamesFile } from "./country-search.ts";
import { callingCodeOf, isPhoneCountry, phoneCountries } from "./phone-rules.ts";

export { type CountryOption, filterCountries } from "./country-search.ts";

const nameFiles: Record<Language, () => Promise<{ default: NamesFile }>> = {
  en: () => import("i18n-iso-countries/langs/en.json"),
  ar: () => import("i18n-iso-countries/langs/ar.json"),
  fr: () => import("i18n-iso-countries/langs/fr.json"),
  es: () => import("i18n-iso-countries/langs/es.json"),
};

const flagFiles = import.meta.glob<string>("@flags/*.svg", { query: "?no-inline", import: "default", eager: true });
const flagUrls = new Map(
  Object.entries(flagFiles).flatMap(([path, url]) => {
    const code = /([A-Z]{2})\.svg$/.exec(path)?.[1];
    return code ? [[code, url] as const] : [];
  }),
);

export function flagUrl(country: string): string | undefined {
  return flagUrls.get(country);
}

const cache = new Map<Language, Promise<CountryOption[]>>();

export function loadCountryOptions(language: Language): Promise<CountryOption[]> {
  let options = cache.get(language);
  if (!options) {
    options = Promise.all([nameFiles[language](), language === "en" ? undefined : nameFiles.en()]).then(
      ([local, english]) => {
        let regionNames: Intl.DisplayNames | undefined;
        try {
          regionNames = new Intl.DisplayNames([language], { type: "region" });
        } catch {
          regionNames = undefined;
        }
        return buildCountryOptions(
          language,
          local.default,
          english?.default ?? local.default,
          phoneCountries(),
          (code) => (isPhoneCountry(code) ? callingCodeOf(code) : ""),
          (code) => regionNames?.of(code),
        );
      },
    );
    options.catch(() => cache.delete(language));
    cache.set(language, options);
  }
  return options;
}

const isoCache = new Map<Language, Promise<CountryOption[]>>();

/**
 * Every country of the ISO 3166 list (what a company's country can be, the
 * same list the server names countries from), named in `language`, with the
 * same search as the phone input's list.
 */
export function loadIsoCountryOptions(language: Language): Promise<CountryOption[]> {
  let options = isoCache.get(language);
  if (!options) {
    options = Promise.all([nameFiles[language](), nameFiles.en()]).then(([local, english]) => {
      let regionNames: Intl.DisplayNames | undefined;
      try {
        regionNames = new Intl.DisplayNames([language], { type: "region" });
      } catch {
        regionNames = undefined;
      }
      return buildCountryOptions(
        language,
        local.default,
        english.default,
        Object.keys(english.default.countries),
        (code) => (isPhoneCountry(code) ? callingCodeOf(code) : ""),
        (code) => regionNames?.of(code),
      );
    });
    options.catch(() => isoCache.delete(language));
    isoCache.set(language, options);
  }
  return options;
}
