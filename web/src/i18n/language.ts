import { fallbackLanguage, isLanguage, type Language, rtlLanguages } from "@workshift/contracts";

export type Direction = "ltr" | "rtl";

/** Maps any detected code ("fr-FR", "AR", undefined) to a language the app ships, else the fallback. */
export function toLanguage(code: string | null | undefined): Language {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : fallbackLanguage;
}

export function directionOf(language: Language): Direction {
  return rtlLanguages.includes(language) ? "rtl" : "ltr";
}
