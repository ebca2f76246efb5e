import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedSms {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

export interface Answer {
  status: number;
  body?: unknown;
}

export interface TestSmsProvider {
  /** For TWILIO_API_URL. */
  url: string;
  /** Every request, answered or not. */
  requests: ReceivedSms[];
  /** Decides each answer (default 201, as Twilio answers a queued message); may wait. */
  answer: (request: ReceivedSms) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

export const TWILIO_SID = `AC${"0123456789abcdef".repeat(2)}`;
export const TWILIO_TOKEN = "twilio-test-token";
export const TWILIO_FROM = "+15005550006";

/** A loopback HTTP server standing in for Twilio's Messages API. */
export async function startSmsProvider(): Promise<TestSmsProvider> {
  const provider: TestSmsProvider = {
    url: "",
    requests: [],
    answer: () => ({ status: 201, body: { sid: "SM00000000000000000000000000000000", status: "queued" } }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const received: ReceivedSms = {
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization ?? "",
        contentType: request.headers["content-type"] ?? "",
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))),
      };
      provider.requests.push(received);
      const answer = await provider.answer(received);
      if (response.destroyed) return;
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}
