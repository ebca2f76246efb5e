/**
 * The same isolation inside a translated sentence, where an element cannot go
 * (a title, an aria-label, a notice held as text): LEFT-TO-RIGHT ISOLATE … POP
 * DIRECTIONAL ISOLATE around a phone, a code, a zip code, an amount or a time range.
 */
export const ltrText = (text: string): string => `\u2066${text}\u2069`;

/** A name or other words of either direction inside a sentence: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE. */
export const isolatedText = (text: string): string => `\u2068${text}\u2069`;
