import { fallbackLanguage, languages } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { namespaces } from "./namespaces.ts";

/**
 * Every translation file, keyed "lng/ns". Vite's glob import keeps this free of
 * Node APIs, so the file type-checks with the web app's DOM-only types.
 */
const files = import.meta.glob<Record<string, unknown>>("../../public/locales/*/*.json", {
  eager: true,
  import: "default",
});

const byFile = new Map(
  Object.entries(files).map(([path, content]) => {
    const [lng, file] = path.split("/").slice(-2);
    return [`${lng}/${file?.replace(/\.json$/, "")}`, content];
  }),
);

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value !== "object" || value === null) return out;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

function keysOf(lng: string, ns: string): Map<string, string> {
  return flatten(byFile.get(`${lng}/${ns}`));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1] ?? "").sort();
}

/** Plural categories a language needs, from CLDR through Intl (Arabic: zero, one, two, few, many, other). */
function pluralCategories(lng: string): string[] {
  return [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories];
}

describe("translation files", () => {
  it("exist for every language and namespace, and nothing else", () => {
    const expected = languages.flatMap((lng) => namespaces.map((ns) => `${lng}/${ns}`)).sort();
    expect([...byFile.keys()].sort()).toEqual(expected);
  });

  for (const ns of namespaces) {
    const reference = keysOf(fallbackLanguage, ns);
    const pluralBases = new Set(
      [...reference.keys()].filter((k) => pluralSuffix.test(k)).map((k) => k.replace(pluralSuffix, "")),
    );
    const isPluralForm = (key: string) => pluralSuffix.test(key) && pluralBases.has(key.replace(pluralSuffix, ""));

    for (const lng of languages) {
      it(`${lng}/${ns} has every plural form the language needs`, () => {
        const own = keysOf(lng, ns);
        const needed = lng === "ar" ? ["zero", "one", "two", "few", "many", "other"] : pluralCategories(lng);
        const missing = [...pluralBases].flatMap((base) =>
          needed.map((category) => `${base}_${category}`).filter((k) => !own.has(k)),
        );
        expect(missing).toEqual([]);
      });
    }

    for (const lng of languages.filter((l) => l !== fallbackLanguage)) {
      describe(`${lng}/${ns}`, () => {
        const own = keysOf(lng, ns);

        it(`has every key of ${fallbackLanguage}`, () => {
          const missing = [...reference.keys()].filter((k) => !isPluralForm(k) && !own.has(k));
          expect(missing).toEqual([]);
        });

        it(`has no key that ${fallbackLanguage} lacks`, () => {
          const extra = [...own.keys()].filter((k) => !reference.has(k) && !isPluralForm(k));
          expect(extra).toEqual([]);
        });

        it(`uses the same {{placeholders}} as ${fallbackLanguage}`, () => {
          const mismatched = [...reference.entries()]
            .filter(([key]) => own.has(key))
            .filter(([key, text]) => placeholders(text).join() !== placeholders(own.get(key) ?? "").join())
            .map(([key]) => key);
          expect(mismatched).toEqual([]);
        });

        it("has no empty text", () => {
          expect([...own.entries()].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
        });
      });
    }
  }
});
