import fs from "node:fs";
import path from "node:path";

/** Paths the bench relies on, all absolute, computed from this file's place (bench/lib). */
export const repoRoot = path.resolve(import.meta.dirname, "../..");
export const benchDir = path.join(repoRoot, "bench");
export const serverMain = path.join(repoRoot, "server/dist/main.js");
export const serverMigrate = path.join(repoRoot, "server/dist/migrate-cli.js");
export const webIndex = path.join(repoRoot, "web/dist/index.html");
export const resultsFile = path.join(benchDir, "results.json");
export const helloServerScript = path.join(benchDir, "lib/hello-server.mjs");

/** What each requirement a suite may declare needs on disk, and what to run when it is missing. */
const REQUIREMENTS = {
  server: { file: serverMain, fix: "npm run build -w server   (or `npm run build` for everything)" },
  web: { file: webIndex, fix: "npm run build -w web   (or `npm run build` for everything)" },
};

/**
 * Returns one message per missing build output among `needs` (e.g. ["server", "web"]);
 * an empty array means the bench can run.
 */
export function missingBuildOutputs(needs) {
  const problems = [];
  for (const need of new Set(needs)) {
    const requirement = REQUIREMENTS[need];
    if (!requirement) {
      problems.push(`unknown requirement "${need}" (known: ${Object.keys(REQUIREMENTS).join(", ")})`);
    } else if (!fs.existsSync(requirement.file)) {
      problems.push(`${path.relative(repoRoot, requirement.file)} is missing; build it first with: ${requirement.fix}`);
    }
  }
  return problems;
}
