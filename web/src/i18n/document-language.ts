import { directionOf, toLanguage } from "./language.ts";

/**
 * Puts the language and writing direction on <html>. Screen readers pick the
 * voice from `lang`; the browser, our logical CSS properties and Mantine's
 * DirectionProvider (which watches this attribute) all follow `dir`.
 */
export function applyDocumentLanguage(code: string | undefined): void {
  const language = toLanguage(code);
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}
