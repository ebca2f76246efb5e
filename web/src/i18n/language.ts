import { fallbackLanguage, type Language, languageOfTag, rtlLanguages } from "@workshift/contracts";

export type Direction = "ltr" | "rtl";

/** Maps any detected code ("fr-FR", "AR", undefined) to a language the app ships, else the fallback. */
export function toLanguage(code: string | null | undefined): Language {
  return languageOfTag(code) ?? fallbackLanguage;
}

export function directionOf(language: Language): Direction {
  return rtlLanguages.includes(language) ? "rtl" : "ltr";
}
