import http from "node:http";
import net from "node:net";
import { now, sleep } from "./time.mjs";

export const LOOPBACK = "127.0.0.1";

/** Hostnames the bench is willing to talk to. */
export function isLoopbackHost(hostname) {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A port free on the loopback interface right now (the OS picks it). */
export function getFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * One GET on a fresh connection (no agent: no pooling, nothing lazily
 * initialised in this process skews the first timing). Resolves with
 * { status, body }; rejects on connection errors or after `timeoutMs`.
 */
export function httpGet(url, { timeoutMs = 2_000 } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/**
 * Polls `url` every `intervalMs` until it answers 200, and returns the
 * monotonic time (see time.now) at which that answer arrived. Gives up after
 * `timeoutMs`, or at once when `child` (a ChildHandle) exits or `signal` aborts.
 */
export async function waitFor200(url, { timeoutMs, intervalMs = 25, child, signal }) {
  const deadline = now() + timeoutMs;
  let last = "no answer yet";
  while (now() < deadline) {
    signal?.throwIfAborted();
    if (child && !child.running) throw new Error(`${child.describeExit()}\n  (before ${url} answered 200)`);
    const attemptStarted = now();
    try {
      const { status, body } = await httpGet(url, { timeoutMs: Math.max(50, Math.min(2_000, deadline - now())) });
      if (status === 200) return now();
      last = `HTTP ${status}: ${body.slice(0, 200)}`;
    } catch (error) {
      last = error.code ?? error.message;
    }
    const wait = intervalMs - (now() - attemptStarted);
    if (wait > 0) await sleep(wait, signal);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}
