import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serverMain } from "../bench/lib/paths.mjs";
import { spawnNode } from "../bench/lib/process.mjs";
import { request } from "./client.mjs";

const envFile = path.resolve(import.meta.dirname, "../deploy/systemd/workshift.env.example");

/** The production environment file of the operations guide, as systemd reads it (KEY=value lines). */
export function recipeEnvironment() {
  const env = {};
  for (const line of fs.readFileSync(envFile, "utf8").split("\n")) {
    const match = line.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/);
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/**
 * One Workshift instance, `node server/dist/main.js` as workshift@.service
 * starts it: the recipe's environment with this test's addresses and secrets.
 * `stop()` is SIGTERM (systemctl stop); `kill()` is SIGKILL (a crash).
 */
export class Instance {
  constructor(name, port, env) {
    this.name = name;
    this.port = port;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
    this.child = null;
    this.starts = 0;
  }

  async start() {
    this.starts += 1;
    this.child = spawnNode(`workshift ${this.name}`, serverMain, {
      env: { ...process.env, ...this.env, PORT: String(this.port) },
    });
    await this.waitUntilReady();
  }

  async waitUntilReady(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await request(`${this.url}/api/health/ready`, { timeoutMs: 2000 });
      if (answer.status === 200) return;
      if (this.child && !this.child.running) throw new Error(this.child.describeExit());
      if (Date.now() > deadline)
        throw new Error(`instance ${this.name} was not ready: ${answer.status} ${answer.text}`);
      await sleep(50);
    }
  }

  /** Graceful stop; resolves with how it exited. */
  stop() {
    const child = this.child;
    return child ? child.stop({ graceMs: 20_000 }) : Promise.resolve(null);
  }

  kill() {
    this.child?.child.kill("SIGKILL");
    return this.child?.exited;
  }
}
