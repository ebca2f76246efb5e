import fs from "node:fs";
import path from "node:path";
import { accessTableMarkdown } from "@workshift/contracts";
import { describe, expect, it } from "vitest";

const manual = path.resolve(import.meta.dirname, "../../../../docs/security.md");
const START = "<!-- access-table:start (written from packages/contracts/src/access.ts) -->";
const END = "<!-- access-table:end -->";

describe("the manual's access table", () => {
  it("is the access table itself (UPDATE_DOCS=1 rewrites it)", () => {
    const text = fs.readFileSync(manual, "utf8");
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from).toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const written = `${START}\n${accessTableMarkdown()}\n${END}`;
    if (process.env.UPDATE_DOCS === "1") {
      fs.writeFileSync(manual, text.slice(0, from) + written + text.slice(to + END.length));
      return;
    }
    expect(text.slice(from, to + END.length)).toBe(written);
  });
});
