import fs from "node:fs/promises";
import path from "node:path";
import { spawnNode } from "./process.mjs";
import { Scope } from "./scope.mjs";
import { makeTempDir, removeTempDir } from "./temp.mjs";
import { now } from "./time.mjs";
import { startWorkshift } from "./workshift.mjs";

const benchStartedAt = now();

/** Progress goes to stderr so that stdout holds only the results table. */
export function log(message) {
  const seconds = ((now() - benchStartedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}

/**
 * What lives for the whole run and is shared by suites: a pristine, migrated
 * PGlite DATA_DIR made once (one cold start) and copied for every suite that
 * wants a fresh database, so suites do not each pay for initdb.
 */
export class RunContext {
  scope = new Scope();
  #template = null;

  /** Path of the pristine DATA_DIR (created on first use). Never start a server on it: copy it. */
  async pristineDataDir(signal) {
    this.#template ??= this.#makeTemplate(signal).catch((error) => {
      this.#template = null;
      throw error;
    });
    return this.#template;
  }

  async #makeTemplate(signal) {
    const dir = await makeTempDir("template");
    this.scope.defer(`remove ${dir}`, () => removeTempDir(dir));
    log("preparing a pristine DATA_DIR (first start runs initdb and migrations)…");
    const server = await startWorkshift({ dataDir: dir, signal });
    try {
      await server.stopCleanly();
    } finally {
      await server.stop();
    }
    await fs.rm(path.join(dir, "server.lock"), { recursive: true, force: true });
    return dir;
  }

  close() {
    return this.scope.close();
  }
}

/**
 * What a suite's run(ctx) gets. Everything it creates through the context
 * (temp dirs, servers, anything passed to defer) is cleaned up when the suite
 * ends, whether it finished, threw or timed out.
 */
export class SuiteContext {
  /** @param {{ suite: object, run: RunContext, signal: AbortSignal }} options */
  constructor({ suite, run, signal }) {
    this.suite = suite;
    this.run = run;
    /** Aborted when the suite times out or the bench is interrupted; pass it to long waits. */
    this.signal = signal;
    this.scope = new Scope();
    /** name → { value, note, skipped } */
    this.results = new Map();
    this.declared = new Set(suite.rows.map((row) => row.name));
  }

  log(message) {
    log(`${this.suite.name}: ${message}`);
  }

  #checkOpen(what) {
    if (this.scope.closed) throw new Error(`${this.suite.name}: ${what} after the suite ended`);
    this.signal.throwIfAborted();
  }

  #checkRow(name) {
    if (!this.declared.has(name)) {
      throw new Error(`${this.suite.name}: row "${name}" is not declared in the suite's rows`);
    }
  }

  /** Records a measured value (a finite number) for a declared row, with an optional note. */
  record(name, value, note) {
    this.#checkOpen(`record(${name})`);
    this.#checkRow(name);
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new Error(`${this.suite.name}: ${name} must be a finite number, got ${value}`);
    }
    this.results.set(name, { value, note, skipped: false });
  }

  /** Marks a row as not measured on this machine (not an error), saying why. */
  skip(name, reason) {
    this.#checkOpen(`skip(${name})`);
    this.#checkRow(name);
    this.results.set(name, { value: null, note: reason, skipped: true });
  }

  /** Registers a clean-up step run when the suite ends (last registered runs first). */
  defer(what, fn) {
    this.scope.defer(what, fn);
  }

  /** A new empty temp folder, removed when the suite ends. */
  async tempDir(label = this.suite.name) {
    this.#checkOpen("tempDir()");
    const dir = await makeTempDir(label);
    await this.#own(`remove ${dir}`, () => removeTempDir(dir));
    return dir;
  }

  /** A fresh, already migrated PGlite DATA_DIR of the suite's own (a copy of the run's pristine one). */
  async freshDataDir() {
    const template = await this.run.pristineDataDir(this.signal);
    const dir = await this.tempDir(`${this.suite.name}-data`);
    await fs.cp(template, dir, { recursive: true, filter: (source) => path.basename(source) !== "server.lock" });
    return dir;
  }

  /**
   * Starts the Workshift server (see startWorkshift for the options) and makes
   * sure it is stopped when the suite ends. Stop it yourself earlier with
   * `await server.stop()` / `stopCleanly()` when you need its DATA_DIR again.
   */
  async startServer(options) {
    this.#checkOpen("startServer()");
    const server = await startWorkshift({ ...options, signal: this.signal });
    await this.#own(`stop the server on port ${server.port}`, () => server.stop());
    return server;
  }

  /**
   * Starts `node <script>` (bench helper processes such as hello-server.mjs)
   * and makes sure it is stopped (SIGTERM, then SIGKILL) when the suite ends.
   */
  async spawnNode(label, script, options) {
    this.#checkOpen("spawnNode()");
    const child = spawnNode(label, script, options);
    await this.#own(`stop ${label}`, () => child.stop({ graceMs: 5_000 }));
    return child;
  }

  /** defer(), but if the suite ended meanwhile (timeout), undo at once and throw. */
  async #own(what, undo) {
    try {
      this.defer(what, undo);
    } catch (error) {
      await undo();
      throw error;
    }
  }

  close() {
    return this.scope.close();
  }
}
