import http from "node:http";
import https from "node:https";

/**
 * HTTP(S) requests as the app's clients make them, trusting the test's own
 * certificate (`ca`) and nothing else. Network failures resolve as status 0
 * so callers decide, as the app does, what to retry.
 */
export function request(url, { method = "GET", headers = {}, json, ca, timeoutMs = 15_000 } = {}) {
  const target = new URL(url);
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const started = performance.now();
    const req = transport.request(
      target,
      {
        method,
        ca,
        agent: false,
        timeout: timeoutMs,
        headers: { ...headers, ...(body ? { "content-type": "application/json", "content-length": body.length } : {}) },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text),
            ms: performance.now() - started,
          });
        });
        response.on("error", (error) => resolve({ status: 0, text: error.message, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => resolve({ status: 0, text: error.message, ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * A server-sent event stream (GET with a bearer token, as the web app reads
 * them with fetch): calls `onEvent(name, data, receivedAt)` per frame.
 * Resolves once the server's `ready` frame arrived.
 */
export function openEventStream(url, { token, ca, onEvent = () => {} }) {
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      target,
      { ca, agent: false, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`event stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        const stream = { close: () => req.destroy(), ended: false };
        response.on("data", (chunk) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = block.match(/^event: (.*)$/m)?.[1];
            const data = block.match(/^data: (.*)$/m)?.[1];
            if (!name) continue;
            const parsed = data === undefined ? undefined : JSON.parse(data);
            if (name === "ready") resolve(stream);
            onEvent(name, parsed, performance.now());
          }
        });
        response.on("end", () => {
          stream.ended = true;
        });
      },
    );
    req.on("error", (error) => reject(error));
    req.end();
  });
}
