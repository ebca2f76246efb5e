import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { deriveKeys } from "../src/auth/keys.ts";
import { DEFAULT_OTP_SIGNING_KEY } from "../src/config.ts";

const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";
const DEFAULT_SMS_COUNTRIES = ["LB", "FR", "ES", "US", "CA", "GB", "AE", "SA"];
/** The keys the test server signs with, for tests that forge or check tokens. */
export const TEST_KEYS = deriveKeys(TEST_SECRET, DEFAULT_OTP_SIGNING_KEY);

import type { Lifecycle } from "../src/health/lifecycle.ts";
import type { Database } from "../src/lib/db/database.ts";
import type { LogStream } from "../src/lib/http/logging.ts";
import { testDatabase } from "./database.ts";

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** fetch against the server, with JSON helpers. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface StartOptions {
  webDist?: string | null;
  /** Register extra routes before the server starts (for behaviour of the frame itself). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Run as production instead of test (routes that exist only outside production are absent). */
  env?: "test" | "production";
  /** What app.delivery.wake() reaches (e.g. a worker a test started); default: nothing. */
  delivery?: { wake(): void };
  /** A lower sending budget for invitation links (per organization). */
  invitationBudget?: { perHour: number; perDay: number };
  /** Another connection to the test database (a second server instance has its own pool and listener). */
  database?: Database;
  /** Receives every log line (level info and above) instead of silence. */
  logStream?: LogStream;
  /** Serve /api/docs (default: yes, the access matrix reads the API document). */
  apiDocs?: boolean;
  /** Collect Prometheus metrics into app.metrics. */
  metrics?: boolean;
  /** Whether the server is stopping, as main.ts marks it on a stop signal. */
  lifecycle?: Lifecycle;
  /** The migrations readiness expects (default server/migrations). */
  migrationsDir?: string;
}

/** The real application listening on a loopback port, over the worker's database. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await testDatabase());
  const app = await buildApp({
    config: {
      env: options.env ?? "test",
      logLevel: options.logStream ? "info" : "silent",
      webDist: options.webDist ?? null,
      appSecret: TEST_SECRET,
      otpSigningKey: DEFAULT_OTP_SIGNING_KEY,
      // Tests send each request from its own address (X-Forwarded-For), so sending limits stay apart.
      trustProxy: 1,
      apiDocs: options.apiDocs ?? true,
      delivery: { smsAllowedCountries: DEFAULT_SMS_COUNTRIES, smtp: null, twilio: null },
    },
    database,
    delivery: options.delivery,
    beforeReady: options.extend,
    invitationBudget: options.invitationBudget,
    logStream: options.logStream,
    metrics: options.metrics,
    lifecycle: options.lifecycle,
    migrationsDir: options.migrationsDir,
    checkEveryAnswer: true,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const url = `http://127.0.0.1:${address.port}`;

  return {
    app,
    url,
    async request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set("content-type", "application/json");
      const response = await fetch(url + path, {
        redirect: "manual",
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        text,
        json: <T>() => JSON.parse(text) as T,
      };
    },
    close: () => app.close(),
  };
}
