import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { clientGone, dropAnswer } from "./client-gone.ts";

/** What the slow route saw: whether its signal aborted, and whether it wrote. */
interface Seen {
  aborted: boolean;
  dropped: boolean;
  signal: AbortSignal;
}

let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/**
 * A route that works until its client is gone or `workMs` passes, then
 * answers, or drops the answer when nobody waits for it (as the timesheets do).
 */
async function slowServer(workMs: number): Promise<{ url: string; seen: Promise<Seen> }> {
  let report: (seen: Seen) => void = () => undefined;
  const seen = new Promise<Seen>((resolve) => {
    report = resolve;
  });
  app = Fastify();
  app.get("/slow", async (_request, reply) => {
    const gone = clientGone(reply);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, workMs);
      gone.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!gone.aborted) {
      report({ aborted: false, dropped: false, signal: gone });
      return { done: true };
    }
    dropAnswer(reply);
    report({ aborted: true, dropped: true, signal: gone });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/slow`, seen };
}

describe("clientGone", () => {
  it("aborts the work of a request whose client closed the connection, and nothing is written", async () => {
    const { url, seen } = await slowServer(10_000);
    const request = http.get(url);
    request.on("error", () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.destroy();
    const started = Date.now();
    expect(await seen).toMatchObject({ aborted: true, dropped: true });
    // Long before the work would have ended on its own.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("does not abort a request whose client waits, nor after its answer was written", async () => {
    const { url, seen } = await slowServer(50);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    const answered = await seen;
    expect(answered).toMatchObject({ aborted: false, dropped: false });
    // The connection closing after the answer is not a client gone.
    await app?.close();
    expect(answered.signal.aborted).toBe(false);
  });
});
