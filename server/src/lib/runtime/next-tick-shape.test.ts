import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverRoot } from "../../paths.ts";

/** The fixture in a process of its own (full collections and V8's shape check need their flags). */
function afterCollections(keep: boolean): { firstAlive: boolean; sameShape: boolean } {
  const output = execFileSync(
    process.execPath,
    [
      "--expose-gc",
      "--allow-natives-syntax",
      "--import",
      "tsx",
      "test/fixtures/tick-shape-after-gc.ts",
      ...(keep ? ["keep"] : []),
    ],
    { cwd: serverRoot, encoding: "utf8" },
  );
  return JSON.parse(output.trim());
}

describe("keepNextTickShape", () => {
  it("keeps a nextTick entry, and so its shape, through full collections at rest", () => {
    expect(afterCollections(true)).toEqual({ firstAlive: true, sameShape: true });
  });

  it("is needed: otherwise the entry the cache saw is collected", () => {
    expect(afterCollections(false).firstAlive).toBe(false);
  });
});
