import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKind } from "../test/database.ts";
import { pgliteDirectory } from "./lib/db/pglite.ts";
import { serverRoot } from "./paths.ts";

/** The server (or a fixture) as its own process, started from source. */
function run(file: string, env: Record<string, string>, args: string[] = []): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "warn", WEB_DIST: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return Object.assign(child, { output: () => output });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function waitFor(
  child: ChildProcess & { output: () => string },
  pattern: RegExp,
  ms = 30_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const match = child.output().match(pattern);
    if (match) return match;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`did not see ${pattern}; output was:\n${child.output()}`);
}

const temps: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-life-"));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

const READY = /Workshift is ready at http:\/\/localhost:(\d+)/;

describe.runIf(databaseKind() === "pglite")("starting and stopping the server", () => {
  it("starts on a fresh DATA_DIR, keeps a second server off it, stops on SIGTERM or SIGINT and restarts", async () => {
    const dataDir = path.join(tempDir(), "data");
    const first = run("src/main.ts", { DATA_DIR: dataDir, PORT: "0" });
    const [, port] = await waitFor(first, READY);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const second = run("src/main.ts", { DATA_DIR: dataDir, PORT: "0" });
    expect(await exited(second)).toBe(1);
    expect(second.output().trim()).toBe(
      `workshift: DATA_DIR ${dataDir} is in use by another Workshift server; stop it first, or start this one with another DATA_DIR.`,
    );

    first.kill("SIGTERM");
    expect(await exited(first)).toBe(0);
    expect(first.output()).toContain("Workshift stopped.");

    const again = run("src/main.ts", { DATA_DIR: dataDir, PORT: "0" });
    const [, portAgain] = await waitFor(again, READY);
    expect((await fetch(`http://127.0.0.1:${portAgain}/api/health`)).status).toBe(200);
    again.kill("SIGINT");
    expect(await exited(again)).toBe(0);
  }, 60_000);

  it("on a stop signal, answers not ready for SHUTDOWN_DRAIN_MS while still serving, then stops; metrics on their own port", async () => {
    const server = run("src/main.ts", {
      DATA_DIR: path.join(tempDir(), "data"),
      PORT: "0",
      METRICS_PORT: "0",
      // Long enough that a loaded machine still finds it serving after its first "not ready".
      SHUTDOWN_DRAIN_MS: "4000",
    });
    const [, port] = await waitFor(server, READY);
    const [, metricsUrl] = await waitFor(server, /Metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)\./);
    const api = `http://127.0.0.1:${port}`;
    const metrics = await fetch(metricsUrl as string);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("workshift_db_pool_connections");
    expect((await fetch(`${api}/metrics`)).status).toBe(404);
    expect((await fetch(`${api}/api/health/ready`)).status).toBe(200);

    server.kill("SIGTERM");
    let ready = await fetch(`${api}/api/health/ready`);
    for (let tries = 0; ready.status === 200 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      ready = await fetch(`${api}/api/health/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: "shutting_down" });
    // Still serving during the drain: only readiness says to go elsewhere.
    expect((await fetch(`${api}/api/health`)).status).toBe(200);
    expect(await exited(server)).toBe(0);
    expect(server.output()).toContain("Workshift stopped.");
  }, 60_000);

  it("stopped mid-write, leaves every transaction whole", async () => {
    const dataDir = path.join(tempDir(), "data");
    const writer = run("test/fixtures/write-loop.ts", {}, [dataDir]);
    await waitFor(writer, /writing/);
    writer.kill("SIGTERM");
    expect(await exited(writer)).toBe(0);
    const written = Number((await waitFor(writer, /stopped after (\d+)/))[1]);

    const pglite = await PGlite.create(pgliteDirectory(dataDir));
    try {
      const orgs = await pglite.query<{ n: number }>("select count(*)::int as n from organizations");
      const settings = await pglite.query<{ n: number }>("select count(*)::int as n from organization_settings");
      expect(orgs.rows[0]?.n).toBe(written);
      expect(settings.rows[0]?.n).toBe(written);
    } finally {
      await pglite.close();
    }
  }, 60_000);
});

describe.runIf(databaseKind() === "pglite")("bad configuration", () => {
  const oneLine = async (env: Record<string, string>): Promise<string> => {
    const child = run("src/main.ts", { PORT: "0", ...env });
    expect(await exited(child)).toBe(1);
    const lines = child.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/);
    return lines[0] ?? "";
  };

  it("names a malformed DATABASE_URL", async () => {
    expect(await oneLine({ DATABASE_URL: "not a url" })).toMatch(/^workshift: DATABASE_URL is not a valid URL/);
    expect(await oneLine({ DATABASE_URL: "mysql://db/x" })).toMatch(/must start with postgres:\/\//);
  });

  it("names an unreachable database", async () => {
    expect(await oneLine({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" })).toMatch(
      /^workshift: Cannot reach the database in DATABASE_URL \(127\.0\.0\.1:1\/none\)/,
    );
  });

  it("names a DATA_DIR that cannot be written", async () => {
    const file = path.join(tempDir(), "a-file");
    fs.writeFileSync(file, "");
    expect(await oneLine({ DATA_DIR: path.join(file, "data") })).toMatch(/^workshift: DATA_DIR .* cannot be written/);
  });

  it("names a port in use", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "0.0.0.0", resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      expect(await oneLine({ PORT: String(port), DATA_DIR: path.join(tempDir(), "d") })).toBe(
        `workshift: Port ${port} is already in use; stop what uses it or start with another PORT.`,
      );
    } finally {
      holder.close();
    }
  });

  it("refuses production without a secret", async () => {
    expect(await oneLine({ NODE_ENV: "production", APP_SECRET: "" })).toMatch(/^workshift: APP_SECRET must be set/);
  });
});
