import fs from "node:fs";
import path from "node:path";
import { errorCodes, statusOfRefusal } from "@workshift/contracts";
import { describe, it } from "vitest";
import { expectDocBlock } from "../../../test/doc-block.ts";

const root = path.resolve(import.meta.dirname, "../../../..");
const manual = path.join(root, "docs/api.md");
const messages = JSON.parse(fs.readFileSync(path.join(root, "web/public/locales/en/errors.json"), "utf8")) as {
  codes: Record<string, string>;
};
const START = "<!-- error-codes:start (written from packages/contracts/src/errors.ts) -->";
const END = "<!-- error-codes:end -->";

/** The catalogue as the manual shows it: each code, its status and what the web app says for it. */
function catalogueMarkdown(): string {
  const rows = errorCodes.map((code) => `| \`${code}\` | ${statusOfRefusal(code)} | ${messages.codes[code] ?? ""} |`);
  return ["| code | status | what the web app says |", "| --- | --- | --- |", ...rows].join("\n");
}

describe("the manual's list of refusal codes", () => {
  it("is the catalogue itself (UPDATE_DOCS=1 rewrites it)", () => {
    expectDocBlock(manual, START, END, catalogueMarkdown());
  });
});
