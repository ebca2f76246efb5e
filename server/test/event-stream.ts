import http from "node:http";
import { bearer } from "./auth.ts";
import type { TestServer } from "./server.ts";

/** One server-sent frame; a comment line (": keepalive") comes as event "comment". */
export interface Frame {
  event: string;
  data: string;
}

export interface TestStream {
  status: number;
  headers: Headers;
  /** The error body when the stream was refused. */
  text: string;
  /** Every frame so far, in order. */
  frames: Frame[];
  /** The first frame (already received or still to come) that matches; fails after `timeoutMs`. */
  waitFor(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves when the server ends the stream (or the client closed it). */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): Frame | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) return { event: "comment", data: line.slice(1).trim() };
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length > 0 ? { event, data: data.join("\n") } : null;
}

/**
 * Opens GET /api/schedule/events (or another event stream at `path`) with the Bearer header, as the web client
 * does. On its own connection (node:http, no agent): fetch's pool may open a
 * spare connection it never uses, and a server cannot close such a connection
 * as idle, so stopping the test server would wait for it.
 */
export async function openStream(
  server: TestServer | string,
  token: string,
  board: string,
  path = "/api/schedule/events",
): Promise<TestStream> {
  const base = typeof server === "string" ? server : server.url;
  const request = http.get(`${base}${path}?board=${encodeURIComponent(board)}`, {
    headers: bearer(token),
    agent: false,
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once("response", resolve);
    request.once("error", reject);
  });
  request.on("error", () => undefined); // close() destroys it on purpose
  response.setEncoding("utf8");
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };

  let text = "";
  let buffer = "";
  response.on("data", (chunk: string) => {
    if (response.statusCode !== 200) {
      text += chunk;
      return;
    }
    buffer += chunk;
    let cut = buffer.indexOf("\n\n");
    while (cut !== -1) {
      const frame = parseBlock(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
      if (frame) frames.push(frame);
      cut = buffer.indexOf("\n\n");
    }
    wake();
  });
  response.on("error", () => undefined);
  const ended = new Promise<void>((resolve) => response.once("close", () => resolve()));
  if (response.statusCode !== 200) await ended;

  let closed = false;
  ended.then(() => {
    closed = true;
    wake();
  });

  return {
    status: response.statusCode ?? 0,
    headers,
    text,
    frames,
    ended,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (found) {
            done();
            resolve(found);
          } else if (closed) {
            done();
            reject(new Error(`the stream ended without the frame; got ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      request.destroy();
    },
  };
}

/** Schedule events (parsed) a stream has received so far. */
export const scheduleEvents = (stream: TestStream) =>
  stream.frames.filter((frame) => frame.event === "schedule").map((frame) => JSON.parse(frame.data));

/** Resolves when `condition` holds, polling; fails after `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 5000, what = "the condition"): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
