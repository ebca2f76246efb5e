import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Who may do what lives in one access table (packages/contracts/src/access.ts).
 * No other source file may decide by a role's name: it asks the table
 * (`can`, `canOpenPage`, `manageableRoles`, `roleTakesPermissions`…) or uses
 * its named constants. Tests, the demo data and the database's row types may
 * name roles.
 */
const root = path.resolve(import.meta.dirname, "../../../..");
const scanned = ["server/src", "web/src", "packages/contracts/src"];
const allowed = [
  "packages/contracts/src/access.ts",
  "packages/contracts/src/access-doc.ts",
  "packages/contracts/src/auth.ts",
  "packages/contracts/src/member-roles.ts",
  "server/src/lib/db/schema.ts",
  "server/src/demo/",
];
const roleName = /["'`](OWNER|ADMIN|SUPERVISOR|EMPLOYEE)["'`]/;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-support/.test(entry.name) ? [file] : [];
  });
}

describe("role names", () => {
  it("appear only in the access table (and in tests, demo data and row types)", () => {
    const found = scanned
      .flatMap(sources)
      .filter((file) => !allowed.some((prefix) => file.startsWith(prefix)))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (roleName.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
