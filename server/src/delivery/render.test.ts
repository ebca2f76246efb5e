import { languages } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { type Catalog, loadCatalogs, renderMessage } from "./render.ts";

const catalogs = loadCatalogs();

function flatten(catalog: Catalog, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === "string") entries.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) entries.set(k, v);
  }
  return entries;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/** Plural keys by base, the rest as they are. */
function shape(language: (typeof languages)[number]) {
  const plain = new Map<string, string>();
  const plurals = new Map<string, Set<string>>();
  for (const [key, text] of flatten(catalogs[language])) {
    const match = key.match(pluralSuffix);
    if (match) {
      const base = key.slice(0, -match[0].length);
      plurals.set(base, (plurals.get(base) ?? new Set()).add(match[1] ?? ""));
    } else {
      plain.set(key, text);
    }
  }
  return { plain, plurals };
}

describe("server/locales", () => {
  const en = shape("en");

  it.each(languages)("%s has every message of en, and no other", (language) => {
    const { plain, plurals } = shape(language);
    expect([...plain.keys()].sort()).toEqual([...en.plain.keys()].sort());
    expect([...plurals.keys()].sort()).toEqual([...en.plurals.keys()].sort());
  });

  it.each(languages)("%s keeps every placeholder of en (a translation cannot drop the code)", (language) => {
    for (const [key, text] of shape(language).plain) {
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(en.plain.get(key) ?? ""));
    }
  });

  it.each(languages)("%s has each plural form its language needs (Arabic: six)", (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [base, forms] of shape(language).plurals) {
      expect([...forms].sort(), `${language} ${base}`).toEqual([...needed].sort());
    }
  });
});

describe("renderMessage", () => {
  it("writes the sign-in code message for SMS and email", () => {
    const message = renderMessage("otp", "en", { code: "0427", minutes: 5 });
    expect(message.sms.body).toBe("Your Workshift code is 0427. It expires in 5 minutes.");
    expect(message.email.subject).toBe("Your Workshift sign-in code");
    expect(message.email.body).toContain("Your Workshift sign-in code is 0427. It expires in 5 minutes.");
  });

  it("writes it in the person's language, with the right plural", () => {
    expect(renderMessage("otp", "fr", { code: "0427", minutes: 5 }).sms.body).toBe(
      "Votre code Workshift est 0427. Il expire dans 5 minutes.",
    );
    expect(renderMessage("otp", "es", { code: "0427", minutes: 1 }).sms.body).toBe(
      "Tu código de Workshift es 0427. Caduca en 1 minuto.",
    );
    expect(renderMessage("otp", "ar", { code: "0427", minutes: 5 }).sms.body).toBe(
      "رمز Workshift الخاص بك هو 0427. تنتهي صلاحيته خلال 5 دقائق.",
    );
    expect(renderMessage("otp", "ar", { code: "0427", minutes: 2 }).sms.body).toContain("خلال دقيقتين.");
    expect(renderMessage("otp", "ar", { code: "0427", minutes: 15 }).sms.body).toContain("خلال 15 دقيقة.");
  });

  it("falls back to English for a language it does not have", () => {
    expect(renderMessage("otp", "de", { code: "1234", minutes: 5 }).sms.body).toBe(
      "Your Workshift code is 1234. It expires in 5 minutes.",
    );
  });

  it("keeps every SMS within one segment (70 characters in Unicode, 160 in GSM)", () => {
    for (const language of languages) {
      const { body } = renderMessage("otp", language, { code: "0427", minutes: 5 }).sms;
      const gsm = /^[\x20-\x7e\n]*$/.test(body);
      expect(body.length, language).toBeLessThanOrEqual(gsm ? 160 : 70);
    }
  });
});
