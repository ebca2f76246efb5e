import { z } from "zod";

/**
 * Currencies: ISO 4217 codes ("USD", "EUR") that the runtime's Intl data
 * knows (Intl.supportedValuesOf("currency"), the same list the browser offers
 * in the currency select). Stored uppercase, as the code.
 */
export const DEFAULT_CURRENCY = "USD";

const CURRENCY_SHAPE = /^[A-Z]{3}$/;

let known: ReadonlySet<string> | undefined;

/** The codes this runtime knows, sorted (empty on a runtime without Intl.supportedValuesOf). */
export function supportedCurrencies(): string[] {
  return typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : [];
}

/** An uppercase three-letter code the runtime knows (any such code when it lists none). */
export function isCurrency(value: string): boolean {
  if (!CURRENCY_SHAPE.test(value)) return false;
  known ??= new Set(supportedCurrencies());
  return known.size === 0 || known.has(value);
}

export const currencySchema = z
  .string("company.currencyInvalid")
  .regex(CURRENCY_SHAPE, "company.currencyInvalid")
  .refine(isCurrency, "company.currencyInvalid");

/** "US Dollar (USD)" in English, "dollar des États-Unis (USD)" in French; the bare code when it has no name. */
export function currencyLabel(code: string, language: string | undefined): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(language ? [language] : [], { type: "currency", fallback: "none" }).of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}
