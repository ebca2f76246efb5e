import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type Direction, directionOf, toLanguage } from "./language.ts";

export interface LiveLanguage {
  lang: string;
  dir: Direction;
}

/**
 * The language a live region speaks: its `lang` and `dir`, put on the region
 * itself so a screen reader picks the voice of what it says, and `forget`
 * called when the language changes. A region that holds words already said
 * (a toast, "Kitchen is archived.", "Clocked in at 09:00") drops them then,
 * so nothing in the old language is left to be read after a switch; what it
 * says next is in the new one.
 */
export function useLiveLanguage(forget?: () => void): LiveLanguage {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const forgetRef = useRef(forget);
  forgetRef.current = forget;
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    forgetRef.current?.();
  }, [language]);
  return { lang: language, dir: directionOf(language) };
}
