/** How much of a text field's limit may be used before its count shows: the last tenth. */
const SHOWN_FROM = 0.9;

/**
 * A text field's count near its limit, or null while far from it. The count
 * is the one the API checks (a string's length); the field is never cut at
 * the limit (a paste would be lost silently), its rule says it is too long.
 */
export function lengthHint(length: number, max: number): { used: number; max: number; over: boolean } | null {
  if (length < Math.floor(max * SHOWN_FROM)) return null;
  return { used: length, max, over: length > max };
}
