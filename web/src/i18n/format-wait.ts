import { waitInUnits } from "../lib/api-error.ts";

/** A wait as the language says it: "in 45 seconds", "dans 10 minutes", "خلال 24 ساعة" (Intl.RelativeTimeFormat). */
export function formatWait(seconds: number, language: string): string {
  const { value, unit } = waitInUnits(seconds);
  try {
    return new Intl.RelativeTimeFormat(language, { numeric: "always" }).format(value, unit);
  } catch {
    return new Intl.RelativeTimeFormat("en", { numeric: "always" }).format(value, unit);
  }
}
