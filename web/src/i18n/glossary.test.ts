import { languages } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import glossary from "./glossary.json" with { type: "json" };

/**
 * One word for one thing in each language (docs/glossary.md): every text of the
 * app (web/public/locales) and of its messages (server/locales) is held to the
 * glossary. A text that uses a word the glossary avoids fails here, naming the
 * file, the key and the word; so does a glossary word no text uses any more.
 */
const files = {
  ...import.meta.glob<Record<string, unknown>>("../../public/locales/*/*.json", { eager: true, import: "default" }),
  ...import.meta.glob<Record<string, unknown>>("../../../server/locales/*/*.json", { eager: true, import: "default" }),
};

interface Usage {
  term: string;
  uses: string;
  avoid: string[];
}
type Term = { means: string } & Record<string, Usage | string>;

function flatten(value: unknown, prefix = ""): [string, string][] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof child === "string" ? [[path, child] as [string, string]] : flatten(child, path);
  });
}

/** The words of a text: its {{placeholders}} and <tags> are names in code, not words a person reads. */
const words = (text: string) => text.replace(/{{[^}]*}}/g, " ").replace(/<\/?\w+>/g, " ");

/** Every text of a language, as "file: key" → words. */
function textsOf(language: string): [string, string][] {
  return Object.entries(files)
    .filter(([path]) => path.split("/").at(-2) === language)
    .flatMap(([path, content]) => {
      const where = path.replace(/^(\.\.\/)+/, "");
      return flatten(content).map(([key, text]) => [`${where}: ${key}`, words(text)] as [string, string]);
    });
}

const terms = Object.entries(glossary.terms as Record<string, Term>);

describe("the glossary", () => {
  it("names, for every term, the one word of each language", () => {
    for (const [id, term] of terms) {
      for (const language of languages) {
        const usage = term[language];
        expect(typeof usage === "object" && usage.term.length > 0, `${id} in ${language}`).toBe(true);
      }
    }
  });

  for (const language of languages) {
    const texts = textsOf(language);

    it(`finds texts in ${language}`, () => {
      expect(texts.length).toBeGreaterThan(100);
    });

    it(`is followed by every text in ${language}: no word it avoids`, () => {
      const found: string[] = [];
      for (const [id, term] of terms) {
        const usage = term[language] as Usage;
        for (const avoided of usage.avoid) {
          const pattern = new RegExp(avoided, "iu");
          for (const [where, text] of texts) {
            const match = text.match(pattern);
            if (match) found.push(`${where} says “${match[0]}”: the glossary's ${id} is “${usage.term}”`);
          }
        }
      }
      expect(found).toEqual([]);
    });

    it(`has every term in use in ${language}`, () => {
      const unused = terms
        .filter(([, term]) => {
          const pattern = new RegExp((term[language] as Usage).uses, "iu");
          return !texts.some(([, text]) => pattern.test(text));
        })
        .map(([id]) => id);
      expect(unused).toEqual([]);
    });
  }
});
