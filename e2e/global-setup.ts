import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type Seed, seed } from "./seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    seed: Seed;
  }
}

const root = path.resolve(import.meta.dirname, "..");
export const E2E_APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456789";

/**
 * The product as a user gets it: the built app served by the bundled server
 * on a fresh embedded database, on a free loopback port.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of ["server/dist/main.js", "web/dist/index.html"]) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-e2e-"));
  project.provide("seed", await seed(dataDir));
  const server = spawn(process.execPath, ["server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      // Pages say where they come from in X-Forwarded-For (e2e/browser.ts), as behind a load balancer.
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await readyPort(server);
  project.provide("baseUrl", `http://127.0.0.1:${port}`);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function readyPort(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/ready at http:\/\/localhost:(\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on("data", onData);
    server.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
