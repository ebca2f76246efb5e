/** Interface languages (spec §1, §9). The first is the fallback. */
export const languages = ["en", "ar", "fr", "es"] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = "en";
export const rtlLanguages: readonly Language[] = ["ar"];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The language of a tag such as "fr-CA", "AR" or "es_419" when the app has it; undefined otherwise. */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}
