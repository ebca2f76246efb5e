// Workshift performance bench. Run `npm run bench` (builds first) or, after
// `npm run build`, `node bench/run.mjs [suite-or-row ...]`.
//
// Prints a table (name, value, unit, target, result) to stdout, progress to
// stderr, and writes bench/results.json. Exit code: 0 when every row was
// measured (missed targets included: this is a measurement), 1 when a
// measurement crashed or a clean-up failed, 2 when build outputs are missing
// or the arguments are wrong, 130 when interrupted.
import os from "node:os";
import path from "node:path";
import { log, RunContext, SuiteContext } from "./lib/context.mjs";
import { missingBuildOutputs, repoRoot, resultsFile } from "./lib/paths.mjs";
import { killAllChildren } from "./lib/process.mjs";
import { formatTable, makeRow, targetText, writeResults } from "./lib/report.mjs";
import { TimeoutError } from "./lib/time.mjs";
import suites from "./suites/index.mjs";

const DEFAULT_SUITE_TIMEOUT_MS = 120_000;

function usage() {
  const lines = [
    "usage: node bench/run.mjs [--list] [suite-or-row ...]",
    "  with no names every suite runs; a name selects a suite (e.g. start) or the suite holding a row (e.g. start.cold_ms)",
    "  BENCH_LOAD_SECONDS (default 5) and BENCH_LOAD_ROUNDS (default 2) size the load runs; BENCH_CHROMIUM is the Chromium binary (default /usr/bin/chromium);",
    "  BENCH_PG_ADMIN_URL is where throwaway PostgreSQL databases are created (default postgres://postgres@127.0.0.1:5432/test)",
    "",
    "suites and rows:",
  ];
  for (const suite of suites) {
    lines.push(`  ${suite.name}`);
    for (const row of suite.rows)
      lines.push(`    ${row.name} (${row.unit})${targetText(row) ? ` target ${targetText(row)}` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

function selectSuites(args) {
  if (args.length === 0) return suites;
  const unknown = args.filter(
    (arg) => !suites.some((suite) => suite.name === arg || suite.rows.some((row) => row.name === arg)),
  );
  if (unknown.length > 0) {
    process.stderr.write(`bench: unknown suite or row: ${unknown.join(", ")}\n\n${usage()}`);
    process.exit(2);
  }
  return suites.filter((suite) => args.some((arg) => arg === suite.name || suite.rows.some((row) => row.name === arg)));
}

/** Checks that suites are well formed, so a mistake in a new suite shows at once. */
function validateSuites() {
  const names = new Set();
  for (const suite of suites) {
    if (typeof suite?.name !== "string" || typeof suite.run !== "function" || !Array.isArray(suite.rows)) {
      throw new Error("every suite must export default { name, rows: [...], run(ctx) }");
    }
    for (const row of suite.rows) {
      if (names.has(row.name)) throw new Error(`row ${row.name} is declared twice`);
      names.add(row.name);
      if (typeof row.unit !== "string") throw new Error(`row ${row.name} has no unit`);
    }
  }
}

/** Runs one suite under its timeout; resolves with its rows and whether it crashed. Never throws. */
async function runSuite(suite, run, controller) {
  const ctx = new SuiteContext({ suite, run, signal: controller.signal });
  const timeoutMs = suite.timeoutMs ?? DEFAULT_SUITE_TIMEOUT_MS;
  const timer = setTimeout(
    () => controller.abort(new TimeoutError(`suite ${suite.name} did not finish within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const aborted = new Promise((_resolve, reject) => {
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);

  let crash = null;
  try {
    const running = Promise.resolve().then(() => suite.run(ctx));
    running.catch(() => undefined); // if the timeout wins the race, its late failure is expected
    await Promise.race([running, aborted]);
  } catch (error) {
    crash = error;
    // A timeout or an interruption says all there is to say; a crash deserves its stack.
    const detail =
      error === controller.signal.reason || !(error instanceof Error)
        ? String(error?.message ?? error)
        : (error.stack ?? error.message);
    log(`${suite.name}: FAILED: ${detail}`);
  } finally {
    clearTimeout(timer);
    if (!controller.signal.aborted) controller.abort(new Error(`suite ${suite.name} ended`));
  }
  const cleanupFailures = await ctx.close();
  for (const failure of cleanupFailures) log(`${suite.name}: ${failure}`);

  const rows = suite.rows.map((declaration) => makeRow(declaration, ctx.results.get(declaration.name), crash));
  return { rows, crashed: crash !== null || rows.some((row) => row.status === "error"), cleanupFailures };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h") || args.includes("--list")) {
    process.stdout.write(usage());
    return 0;
  }
  validateSuites();
  const selected = selectSuites(args);

  const missing = missingBuildOutputs(selected.flatMap((suite) => suite.requires ?? ["server"]));
  if (missing.length > 0) {
    process.stderr.write(`bench: cannot run yet:\n${missing.map((line) => `  - ${line}`).join("\n")}\n`);
    process.stderr.write("bench: `npm run bench` builds everything and then runs the bench.\n");
    return 2;
  }

  log(
    `Node ${process.version}, ${os.cpus().length} CPU(s), ${os.platform()} ${os.arch()}; suites: ${selected.map((suite) => suite.name).join(", ")}`,
  );

  const run = new RunContext();
  let current = null;
  let interrupted = false;
  const onSignal = (signal) => {
    if (interrupted) {
      process.stderr.write(`bench: second ${signal}, killing everything now\n`);
      killAllChildren();
      process.exit(130);
    }
    interrupted = true;
    process.stderr.write(`bench: ${signal}: stopping the current suite and cleaning up (again to force)\n`);
    current?.abort(new Error(`interrupted by ${signal}`));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const rows = [];
  let crashed = false;
  let cleanupFailed = false;
  try {
    for (const suite of selected) {
      if (interrupted) {
        rows.push(...suite.rows.map((declaration) => makeRow(declaration, undefined, new Error("interrupted"))));
        continue;
      }
      log(`${suite.name}: starting`);
      current = new AbortController();
      const result = await runSuite(suite, run, current);
      current = null;
      rows.push(...result.rows);
      crashed ||= result.crashed;
      cleanupFailed ||= result.cleanupFailures.length > 0;
    }
  } finally {
    const failures = await run.close();
    for (const failure of failures) log(failure);
    cleanupFailed ||= failures.length > 0;
  }

  writeResults(resultsFile, rows);
  process.stdout.write(`\n${formatTable(rows)}`);
  log(`wrote ${path.relative(repoRoot, resultsFile)}`);
  if (interrupted) return 130;
  if (crashed) {
    process.stderr.write("bench: at least one measurement crashed (see ERROR rows and the log above)\n");
    return 1;
  }
  if (cleanupFailed) {
    process.stderr.write("bench: a clean-up step failed (see the log above)\n");
    return 1;
  }
  return 0;
}

/** Exits with `code`; if something the bench used still holds the event loop open, exits anyway after 10 s. */
function finish(code) {
  process.exitCode = code;
  setTimeout(() => {
    process.stderr.write("bench: something still held the process open 10 s after the end; exiting anyway\n");
    killAllChildren();
    process.exit(code);
  }, 10_000).unref();
}

main().then(
  (code) => finish(code),
  (error) => {
    process.stderr.write(
      `bench: crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    killAllChildren();
    finish(1);
  },
);
