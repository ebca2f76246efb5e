import fs from "node:fs";
import path from "node:path";
import { fallbackLanguage, isLanguage, type Language, languages } from "@workshift/contracts";
import { serverRoot } from "../paths.ts";

/**
 * Message texts in the recipient's language, from server/locales/{lng}/messages.json.
 * Same conventions as the web app's files (i18next): `{{name}}` placeholders and
 * plural keys `<key>_<CLDR category>`, so a translator sees one format.
 */

/** A catalog: nested objects of strings. */
export type Catalog = { [key: string]: string | Catalog };

// serverRoot, not import.meta.dirname: this file is bundled into server/dist/main.js.
export const localesDir = path.join(serverRoot, "locales");

let catalogs: Record<Language, Catalog> | null = null;

/** Read once, at the first message: a missing or broken file fails the first send loudly. */
export function loadCatalogs(dir = localesDir): Record<Language, Catalog> {
  const read = (language: Language) =>
    JSON.parse(fs.readFileSync(path.join(dir, language, "messages.json"), "utf8")) as Catalog;
  return Object.fromEntries(languages.map((language) => [language, read(language)])) as Record<Language, Catalog>;
}

function lookup(catalog: Catalog, key: string): string {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`message text ${key} is missing`);
  return node;
}

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`message text needs {{${name}}}`);
    return String(value);
  });
}

/** `key_<category>` for the count in that language (Arabic has six categories). */
function plural(catalog: Catalog, language: Language, key: string, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  return interpolate(lookup(catalog, `${key}_${category}`), { count });
}

export interface MessageParams {
  /** A sign-in code, valid for `minutes`. */
  otp: { code: string; minutes: number };
  /** A code that proves an email address added to an account, valid for `minutes`. */
  emailVerification: { code: string; minutes: number };
  /** An invitation to join an organization: the activation link, valid for `days`. */
  invitation: { organization: string; inviter: string; link: string; days: number };
  /**
   * A published schedule changed this person's shifts: `changes` says how many
   * (made with messagePiece "scheduleChange.*"), `shifts` the first few
   * ("scheduleLine.*"), `link` opens their shifts.
   */
  schedulePublished: { organization: string; name: string; changes: string; shifts: string; link: string };
  /**
   * A publish made open shifts this person may claim visible: `summary` says
   * how many ("openShifts.count"), `shifts` the first few ("openShifts.line"),
   * `link` opens them.
   */
  openShifts: { organization: string; name: string; summary: string; shifts: string; link: string };
}
export type MessageKind = keyof MessageParams;

/** The same message for each channel: spread `rendered[channel]` into enqueueMessage. */
export interface RenderedMessage {
  sms: { body: string };
  email: { subject: string; body: string };
}

/**
 * The texts of a message in `language` (anything not one of en, ar, fr, es
 * falls back to English, e.g. a language tag from an old row).
 */
export function renderMessage<K extends MessageKind>(
  kind: K,
  language: string,
  params: MessageParams[K],
): RenderedMessage {
  catalogs ??= loadCatalogs();
  const lng = isLanguage(language) ? language : fallbackLanguage;
  const catalog = catalogs[lng];
  const values: Record<string, string | number> = { ...params };
  if ("minutes" in params) values.expiry = plural(catalog, lng, "duration.minutes", params.minutes);
  else if ("days" in params) values.expiry = plural(catalog, lng, "duration.days", params.days);
  return {
    sms: { body: interpolate(lookup(catalog, `${kind}.sms`), values) },
    email: {
      subject: interpolate(lookup(catalog, `${kind}.emailSubject`), values),
      body: interpolate(lookup(catalog, `${kind}.emailBody`), values),
    },
  };
}

/**
 * One piece of a message composed from parts (a count, a line per shift), in
 * `language`: `key` with `values`, or with `count` the plural form `key_<category>`.
 */
export function messagePiece(
  language: string,
  key: string,
  values: Record<string, string | number> = {},
  count?: number,
): string {
  catalogs ??= loadCatalogs();
  const lng = isLanguage(language) ? language : fallbackLanguage;
  const catalog = catalogs[lng];
  if (count === undefined) return interpolate(lookup(catalog, key), values);
  const category = new Intl.PluralRules(lng).select(count);
  return interpolate(lookup(catalog, `${key}_${category}`), { ...values, count });
}
