import { spawn } from "node:child_process";
import readline from "node:readline";
import { TimeoutError, withTimeout } from "./time.mjs";

/** Every child still running; killed outright if the bench process exits without stopping them. */
const live = new Set();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Kills every child the bench started that still runs (last resort: second Ctrl-C, fatal error). */
export function killAllChildren() {
  for (const child of live) child.kill("SIGKILL");
}

const TAIL_LINES = 40;

/**
 * A child process whose output is read line by line (so its pipes never fill),
 * with the last lines of stderr kept for error messages.
 */
export class ChildHandle {
  /** @param {string} label  a short name for messages, e.g. "workshift" */
  /** `uid`/`gid` run it as another system user (PostgreSQL refuses root). */
  constructor(label, command, args, { env, cwd, uid, gid } = {}) {
    this.label = label;
    this.stdoutLines = [];
    this.stderrTail = [];
    /** @type {{ code: number | null, signal: string | null } | null} */
    this.exitInfo = null;
    this.lineListeners = new Set();

    this.child = spawn(command, args, { env, cwd, uid, gid, stdio: ["ignore", "pipe", "pipe"] });
    this.pid = this.child.pid;
    live.add(this.child);

    this.exited = new Promise((resolve) => {
      this.child.once("error", (error) => {
        // Spawn failures (ENOENT...) arrive here and no "close" may follow.
        this.spawnError = error;
        live.delete(this.child);
        this.exitInfo ??= { code: null, signal: null };
        resolve(this.exitInfo);
      });
      this.child.once("close", (code, signal) => {
        live.delete(this.child);
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });

    readline.createInterface({ input: this.child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      if (this.stdoutLines.length < 1000) this.stdoutLines.push(line);
      for (const listener of this.lineListeners) listener(line);
    });
    readline.createInterface({ input: this.child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > TAIL_LINES) this.stderrTail.shift();
    });
  }

  get running() {
    return this.exitInfo === null;
  }

  /** "exit code 1" / "signal SIGKILL", plus the last lines of stderr when there are any. */
  describeExit() {
    const info = this.exitInfo;
    if (!info) return `${this.label} is still running`;
    if (this.spawnError) return `${this.label} could not be started: ${this.spawnError.message}`;
    const how = info.signal ? `signal ${info.signal}` : `exit code ${info.code}`;
    const tail = this.stderrTail.slice(-10).join("\n    ");
    return `${this.label} exited with ${how}${tail ? `; its stderr ended with:\n    ${tail}` : ""}`;
  }

  /**
   * Resolves with the match of the first stdout line (already printed or to come)
   * matching `pattern`; rejects if the process exits first or after `timeoutMs`.
   */
  waitForLine(pattern, timeoutMs) {
    const seen = this.stdoutLines.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen.match(pattern));
    let listener;
    const found = new Promise((resolve, reject) => {
      listener = (line) => {
        const match = line.match(pattern);
        if (match) resolve(match);
      };
      this.lineListeners.add(listener);
      this.exited.then(() => reject(new Error(`waiting for ${pattern} on stdout: ${this.describeExit()}`)));
    });
    return withTimeout(found, timeoutMs, `${this.label} printing a line matching ${pattern}`)
      .catch((error) => {
        if (!(error instanceof TimeoutError)) throw error;
        const recent = this.stdoutLines.slice(-5).join(" | ") || "nothing";
        throw new TimeoutError(`${error.message}; its stdout so far: ${recent}`);
      })
      .finally(() => this.lineListeners.delete(listener));
  }

  /**
   * Asks the process to stop (SIGTERM) and waits for it; after `graceMs` it is
   * killed (SIGKILL). Never throws; `forced` says whether SIGKILL was needed.
   */
  async stop({ graceMs = 15_000, signal = "SIGTERM" } = {}) {
    if (!this.running) return { ...this.exitInfo, forced: false };
    this.child.kill(signal);
    try {
      const info = await withTimeout(this.exited, graceMs, `${this.label} stopping after ${signal}`);
      return { ...info, forced: false };
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      this.child.kill("SIGKILL");
      const info = await withTimeout(this.exited, 5_000, `${this.label} dying after SIGKILL`).catch(() => ({
        code: null,
        signal: "SIGKILL (no exit seen)",
      }));
      return { ...info, forced: true };
    }
  }
}

/** Starts `node <script>` with the same Node binary that runs the bench. */
export function spawnNode(label, script, options) {
  return new ChildHandle(label, process.execPath, [script], options);
}
