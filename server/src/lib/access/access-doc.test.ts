import path from "node:path";
import { accessTableMarkdown } from "@workshift/contracts";
import { describe, it } from "vitest";
import { expectDocBlock } from "../../../test/doc-block.ts";

const manual = path.resolve(import.meta.dirname, "../../../../docs/security.md");
const START = "<!-- access-table:start (written from packages/contracts/src/access.ts) -->";
const END = "<!-- access-table:end -->";

describe("the manual's access table", () => {
  it("is the access table itself (UPDATE_DOCS=1 rewrites it)", () => {
    expectDocBlock(manual, START, END, accessTableMarkdown());
  });
});
