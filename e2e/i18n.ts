import fs from "node:fs";
import path from "node:path";

type Catalog = { [key: string]: string | Catalog };

const root = path.resolve(import.meta.dirname, "../web/public/locales");

/** The app's own text for a key, so one test reads the same in English and Arabic. */
export function translator(language: string, namespace: string) {
  const catalog = JSON.parse(fs.readFileSync(path.join(root, language, `${namespace}.json`), "utf8")) as Catalog;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const found = key
      .split(".")
      .reduce<string | Catalog | undefined>(
        (node, part) => (typeof node === "object" ? node[part] : undefined),
        catalog,
      );
    if (typeof found !== "string") throw new Error(`no ${language}/${namespace} text for ${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  };
}
