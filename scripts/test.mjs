#!/usr/bin/env node
// `npm test`: every check in order, stopping at the first failure, and a
// closing line "N passed, N failed" that counts the test cases of all runs
// (a check that is not a test runner — typecheck, lint, build — counts as one).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureProductionTools } from "./ensure-production-tools.mjs";

const env = { ...process.env, TZ: "UTC", FORCE_COLOR: process.env.FORCE_COLOR ?? "1" };
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-test-"));
let passed = 0;
let failed = 0;
let skipped = 0;

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (ok) console.log(`✔ ${title} (${seconds}s)`);
  else console.error(`✖ ${title} failed after ${seconds}s`);
  return ok;
}

function check(title, command, args) {
  const ok = run(title, command, args);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

function vitest(title, projects) {
  const file = path.join(reports, `${title.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  const ok = run(title, "npx", [...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // e.g. a suite that failed to load
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

function endToEnd() {
  ensureChromium();
  return vitest("end-to-end tests", ["e2e"]);
}

function productionLayout() {
  if (process.getuid?.() !== 0) {
    // It runs PostgreSQL and PgBouncer as the postgres user and gives them their folders.
    console.log("\n▶ production layout: skipped, it needs root (CI runs it as root).");
    skipped += 1;
    return true;
  }
  ensureProductionTools();
  return vitest("production layout", ["scale"]);
}

function finish(ok) {
  fs.rmSync(reports, { recursive: true, force: true });
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

const apiProjects = process.env.TEST_DATABASE_URL ? ["api", "api-pg"] : ["api"];
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the API suite runs on the embedded database only.");
}

const ok =
  check("typecheck", "npm", ["run", "--silent", "typecheck"]) &&
  check("lint", "npm", ["run", "--silent", "lint"]) &&
  vitest("unit and API tests", ["unit", ...apiProjects]) &&
  // The schedule's time and rules tests again under other process zones (unit ran them in UTC).
  vitest("time zones", ["tz-new-york", "tz-paris", "tz-beirut"]) &&
  check("build", "npm", ["run", "--silent", "build"]) &&
  productionLayout() &&
  endToEnd();

finish(ok);
