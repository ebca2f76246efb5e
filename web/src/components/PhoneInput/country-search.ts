import type { Language } from "@workshift/contracts";

/** The names file of one language in i18n-iso-countries: code → name, or [official name, …aliases]. */
export type NamesFile = { countries: Record<string, string | string[]> };

export interface CountryOption {
  code: string;
  callingCode: string;
  name: string;
  /** Folded names (this language and English, with aliases), code and dialling code, for the search. */
  searchText: string;
}

/** Lowercased, without accents or Arabic diacritics and hamza marks, for matching what people type. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function namesOf(file: NamesFile | undefined, code: string): string[] {
  const entry = file?.countries[code];
  if (entry === undefined) return [];
  return Array.isArray(entry) ? entry : [entry];
}

/**
 * The country list: names in `language` (else the browser's name for the
 * region, else English), sorted for that language; English names, aliases,
 * the code and the dialling code are searchable too.
 */
export function buildCountryOptions(
  language: Language,
  local: NamesFile,
  english: NamesFile,
  codes: readonly string[],
  callingCode: (code: string) => string,
  displayName: (code: string) => string | undefined,
): CountryOption[] {
  const collator = new Intl.Collator(language);
  return codes
    .map((code) => {
      const localNames = namesOf(local, code);
      const name = localNames[0] ?? displayName(code) ?? namesOf(english, code)[0] ?? code;
      const dial = callingCode(code);
      const searchText = fold([name, ...localNames, ...namesOf(english, code), code, `+${dial}`].join("\n"));
      return { code, callingCode: dial, name, searchText };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** How well an option matches: its name starts with the query, another of its names does, a word does, or only a part. */
function rank(option: CountryOption, folded: string): number {
  if (!option.searchText.includes(folded)) return -1;
  if (fold(option.name).startsWith(folded)) return 0;
  const names = option.searchText.split("\n");
  if (names.some((name) => name.startsWith(folded))) return 1;
  if (names.some((name) => name.split(/[\s\-’'(),.]+/).some((word) => word.startsWith(folded)))) return 2;
  return 3;
}

/**
 * Options whose names, code or dialling code contain what was typed ("leb",
 * "لبن", "+961", "961"), best matches first ("فرن" puts France before French
 * Polynesia), each group in list order.
 */
export function filterCountries(options: readonly CountryOption[], query: string): CountryOption[] {
  const folded = fold(query.trim());
  if (folded === "") return [...options];
  const digits = folded.replace(/^\+/, "");
  if (/^\d+$/.test(digits)) return options.filter((option) => option.callingCode.startsWith(digits));
  return options
    .map((option) => ({ option, rank: rank(option, folded) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
}
