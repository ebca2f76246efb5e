import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultWebDist } from "./paths.ts";

/**
 * Configuration comes only from the environment. A bad value stops start-up
 * with a ConfigError whose message is one line saying what is wrong and how to
 * fix it; main.ts prints it without a stack trace.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export type DatabaseConfig =
  | { kind: "pglite"; dataDir: string }
  | {
      kind: "postgres";
      /** The owner's own session connection: migrations and LISTEN, and queries unless `poolUrl` is set. */
      url: string;
      /** Where queries go instead, e.g. PgBouncer in transaction mode; logs in as a member of the app role. */
      poolUrl?: string;
      /** A streaming replica for heavy reads; logs in as a member of the app role. */
      readUrl?: string;
      /** How far behind (ms) the replica may be and still serve heavy reads. */
      readMaxLagMs?: number;
      /** Connections per pool and per instance. */
      poolSize?: number;
    };

/** Message delivery (server/src/delivery). A provider left null is the dev outbox outside production. */
export interface DeliveryConfig {
  smtp: { url: string; from: string } | null;
  twilio: { apiUrl: string; accountSid: string; authToken: string; from: string } | null;
  /** ISO 3166-1 alpha-2 codes of the countries whose phones may get codes by SMS. */
  smsAllowedCountries: string[];
}

/** The operations server (Prometheus metrics), on its own port; null when METRICS_PORT is unset. */
export interface MetricsConfig {
  host: string;
  port: number;
  /** When set, scrapes need `Authorization: Bearer <token>`. */
  token: string | null;
}

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  database: DatabaseConfig;
  /** Signs tokens and keys code hashes. Random per process in development. */
  appSecret: string;
  /** Built single-page app; absent when only the API runs (API tests). */
  webDist: string | null;
  logLevel: string;
  delivery: DeliveryConfig;
  /** Key of the web app's verify signature (spec §7); it ships inside the client, so it is no secret. */
  otpSigningKey: string;
  /**
   * How many proxies in front of the server to believe in X-Forwarded-For (0: none). Never "all":
   * a client could then pick its own address and escape the per-address sending limit.
   */
  trustProxy: number;
  /** The address people open the app at, for links in messages (invitations): origin only, no trailing slash. */
  publicUrl: string;
  /** Whether the API's documentation is served (/api/docs and /api/docs/json): by default not in production. */
  apiDocs: boolean;
  metrics: MetricsConfig | null;
  /** BACKUP_TOKEN: serves the embedded database's backup on the operations port, to whoever holds it. */
  backupToken: string | null;
  /**
   * On a stop signal, how long readiness answers 503 while the server still
   * serves, before it stops taking connections: time for the load balancer to notice.
   */
  shutdownDrainMs: number;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.string().optional(),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_READ_MAX_LAG_MS: z.string().optional(),
  DATABASE_POOL_SIZE: z.string().optional(),
  APP_SECRET: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.string().optional(),
  SMS_ALLOWED_COUNTRIES: z.string().optional(),
  OTP_SIGNING_KEY: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|)$/, "TRUST_PROXY must be a number of proxy hops (e.g. 1), true (= 1) or false")
    .optional(),
  API_DOCS: z
    .string()
    .regex(/^(true|false|)$/, "API_DOCS must be true or false")
    .optional(),
  METRICS_PORT: z.string().optional(),
  METRICS_HOST: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  BACKUP_TOKEN: z.string().optional(),
  SHUTDOWN_DRAIN_MS: z.string().optional(),
});

/** The web build's default (VITE_OTP_SIGNING_KEY); set both to the same value to change it. */
export const DEFAULT_OTP_SIGNING_KEY = "workshift-dev-signing-key";

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${raw}".`);
  }
  return port;
}

function parseDatabaseUrl(raw: string, name = "DATABASE_URL"): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      name === "DATABASE_URL"
        ? "DATABASE_URL is not a valid URL; use postgres://user:password@host:5432/database, or unset it to use the embedded database."
        : `${name} is not a valid URL; use postgres://user:password@host:5432/database.`,
    );
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  if (url.hostname === "" || url.pathname.length <= 1) {
    throw new ConfigError(`${name} needs a host and a database name, e.g. postgres://user@127.0.0.1:5432/workshift.`);
  }
  return raw;
}

function parsePoolSize(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 500) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be a whole number from 1 to 500, not "${raw}".`);
  }
  return size;
}

/** PostgreSQL with its optional pooler, replica and pool size; the embedded database otherwise. */
function parseDatabase(e: z.infer<typeof envSchema>, cwd: string): DatabaseConfig {
  const url = given(e.DATABASE_URL);
  const poolUrl = given(e.DATABASE_POOL_URL);
  const readUrl = given(e.DATABASE_READ_URL);
  if (url === undefined) {
    const extra = poolUrl !== undefined ? "DATABASE_POOL_URL" : readUrl !== undefined ? "DATABASE_READ_URL" : null;
    if (extra) throw new ConfigError(`${extra} needs DATABASE_URL as well (the owner's direct connection).`);
    return { kind: "pglite", dataDir: path.resolve(cwd, e.DATA_DIR) };
  }
  const poolSize = parsePoolSize(given(e.DATABASE_POOL_SIZE));
  const readMaxLagMs = parseReadMaxLag(given(e.DATABASE_READ_MAX_LAG_MS));
  if (readMaxLagMs !== undefined && readUrl === undefined) {
    throw new ConfigError("DATABASE_READ_MAX_LAG_MS is set but DATABASE_READ_URL is not; it bounds the replica's lag.");
  }
  return {
    kind: "postgres",
    url: parseDatabaseUrl(url),
    ...(poolUrl !== undefined ? { poolUrl: parseDatabaseUrl(poolUrl, "DATABASE_POOL_URL") } : {}),
    ...(readUrl !== undefined ? { readUrl: parseDatabaseUrl(readUrl, "DATABASE_READ_URL") } : {}),
    ...(poolSize !== undefined ? { poolSize } : {}),
    ...(readMaxLagMs !== undefined ? { readMaxLagMs } : {}),
  };
}

function parseReadMaxLag(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms > 600_000) {
    throw new ConfigError(`DATABASE_READ_MAX_LAG_MS must be a number of milliseconds from 0 to 600000, not "${raw}".`);
  }
  return ms;
}

/** PUBLIC_URL: an http(s) origin (a path prefix is kept), without the trailing slash. */
function parsePublicUrl(raw: string | undefined, port: number): string {
  if (raw === undefined) return `http://localhost:${port}`;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash) {
    throw new ConfigError(
      `PUBLIC_URL must be the address people open the app at, such as https://shifts.example.com, not "${raw}".`,
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/** 127.0.0.0/8, ::1 (and IPv4 loopback written as IPv6) or localhost: only this machine reaches it. */
export function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  const v4 = host.replace(/^::ffff:/i, "");
  if (net.isIPv4(v4)) return v4.startsWith("127.");
  return net.isIPv6(host) && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(host);
}

function parseMetrics(e: z.infer<typeof envSchema>, production: boolean): MetricsConfig | null {
  const rawPort = given(e.METRICS_PORT);
  const host = given(e.METRICS_HOST) ?? "127.0.0.1";
  const token = given(e.METRICS_TOKEN) ?? null;
  if (rawPort === undefined) {
    if (token !== null || given(e.METRICS_HOST) !== undefined) {
      throw new ConfigError(
        "METRICS_TOKEN or METRICS_HOST is set but METRICS_PORT is not; set the port to serve metrics.",
      );
    }
    return null;
  }
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new ConfigError(`METRICS_PORT must be a whole number from 0 to 65535, not "${rawPort}".`);
  }
  if (token !== null && token.length < 16) {
    throw new ConfigError("METRICS_TOKEN must be at least 16 random characters (e.g. `openssl rand -hex 16`).");
  }
  if (production && token === null && !isLoopback(host)) {
    throw new ConfigError(
      `Metrics on ${host} are reachable from other machines: set METRICS_TOKEN, or METRICS_HOST=127.0.0.1.`,
    );
  }
  return { host, port, token };
}

function parseBackupToken(e: z.infer<typeof envSchema>): string | null {
  const token = given(e.BACKUP_TOKEN);
  if (token === undefined) return null;
  if (given(e.METRICS_PORT) === undefined) {
    throw new ConfigError("BACKUP_TOKEN is set but METRICS_PORT is not; the backup is served on the operations port.");
  }
  if (token.length < 16) {
    throw new ConfigError("BACKUP_TOKEN must be at least 16 random characters (e.g. `openssl rand -hex 16`).");
  }
  if (token === given(e.METRICS_TOKEN)) {
    throw new ConfigError(
      "BACKUP_TOKEN must differ from METRICS_TOKEN: whoever scrapes metrics must not download the data.",
    );
  }
  return token;
}

function parseDrainMs(raw: string | undefined, production: boolean): number {
  if (raw === undefined) return production ? 2000 : 0;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms > 60_000) {
    throw new ConfigError(`SHUTDOWN_DRAIN_MS must be a number of milliseconds from 0 to 60000, not "${raw}".`);
  }
  return ms;
}

const DEFAULT_SMS_COUNTRIES = "LB,FR,ES,US,CA,GB,AE,SA";

/** An empty variable counts as unset (env files often carry `SMTP_URL=`). */
const given = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

function parseSmtp(url: string | undefined, from: string | undefined): DeliveryConfig["smtp"] {
  if (url === undefined && from === undefined) return null;
  if (url === undefined) throw new ConfigError("SMTP_FROM is set but SMTP_URL is not; set both or neither.");
  if (from === undefined) {
    throw new ConfigError(
      "SMTP_URL is set but SMTP_FROM is not; set it to the sender, e.g. Workshift <no-reply@example.com>.",
    );
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {}
  // The URL holds a password: never repeat it in the message.
  if (!parsed || (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") || parsed.hostname === "") {
    throw new ConfigError("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.");
  }
  if (!/^([^<>]*<)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/.test(from)) {
    throw new ConfigError(
      `SMTP_FROM must be an email address, optionally with a name (Workshift <no-reply@example.com>), not "${from}".`,
    );
  }
  return { url, from };
}

function parseTwilio(e: z.infer<typeof envSchema>, production: boolean): DeliveryConfig["twilio"] {
  const accountSid = given(e.TWILIO_ACCOUNT_SID);
  const authToken = given(e.TWILIO_AUTH_TOKEN);
  const from = given(e.TWILIO_FROM);
  const apiUrl = given(e.TWILIO_API_URL);
  if (!accountSid && !authToken && !from && !apiUrl) return null;
  if (!accountSid || !authToken || !from) {
    const missing = Object.entries({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from })
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    throw new ConfigError(
      `SMS through Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM; missing ${missing.join(", ")}.`,
    );
  }
  if (!/^AC[0-9a-f]{32}$/i.test(accountSid)) {
    throw new ConfigError(
      "TWILIO_ACCOUNT_SID must be the account SID from the Twilio console: AC and 32 hexadecimal characters.",
    );
  }
  if (!/^\+[1-9]\d{5,14}$/.test(from) && !/^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(from)) {
    throw new ConfigError(
      `TWILIO_FROM must be a phone number in international form (+15551234567) or a sender ID of at most 11 letters and digits, not "${from}".`,
    );
  }
  let base: URL | null = null;
  try {
    base = new URL(apiUrl ?? "https://api.twilio.com");
  } catch {}
  if (!base || (base.protocol !== "https:" && (production || base.protocol !== "http:"))) {
    throw new ConfigError(
      `TWILIO_API_URL must be an ${production ? "https" : "http(s)"} URL such as https://api.twilio.com.`,
    );
  }
  return { apiUrl: base.origin + base.pathname.replace(/\/+$/, ""), accountSid, authToken, from };
}

function parseCountries(raw: string | undefined): string[] {
  const codes = (raw ?? DEFAULT_SMS_COUNTRIES).split(",").map((code) => code.trim().toUpperCase());
  const bad = codes.find((code) => !/^[A-Z]{2}$/.test(code));
  if (bad !== undefined) {
    throw new ConfigError(
      `SMS_ALLOWED_COUNTRIES must list two-letter country codes separated by commas (e.g. ${DEFAULT_SMS_COUNTRIES}); "${bad}" is not one.`,
    );
  }
  return [...new Set(codes)];
}

/** Production must be able to deliver sign-in codes: SMTP, Twilio or both, each complete. */
function parseDelivery(e: z.infer<typeof envSchema>, production: boolean): DeliveryConfig {
  const smtp = parseSmtp(given(e.SMTP_URL), given(e.SMTP_FROM));
  const twilio = parseTwilio(e, production);
  if (production && !smtp && !twilio) {
    throw new ConfigError(
      "Production needs message delivery for sign-in codes: set SMTP_URL and SMTP_FROM (email), or TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (SMS), or both.",
    );
  }
  return { smtp, twilio, smsAllowedCountries: parseCountries(given(e.SMS_ALLOWED_COUNTRIES)) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue?.path.join(".")}: ${issue?.message}.`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";

  let appSecret = e.APP_SECRET ?? "";
  if (production && appSecret.length < 32) {
    throw new ConfigError(
      "APP_SECRET must be set to at least 32 random characters in production (e.g. `openssl rand -hex 32`).",
    );
  }
  if (appSecret === "") appSecret = crypto.randomUUID() + crypto.randomUUID();

  const database = parseDatabase(e, cwd);

  const port = parsePort(e.PORT);
  const webDist = e.WEB_DIST === "" ? null : path.resolve(cwd, e.WEB_DIST ?? defaultWebDist);

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    database,
    appSecret,
    webDist,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    otpSigningKey: e.OTP_SIGNING_KEY?.trim() || DEFAULT_OTP_SIGNING_KEY,
    trustProxy: e.TRUST_PROXY === "true" ? 1 : Number(e.TRUST_PROXY || 0),
    delivery: parseDelivery(e, production),
    publicUrl: parsePublicUrl(given(e.PUBLIC_URL), port),
    apiDocs: given(e.API_DOCS) === undefined ? !production : e.API_DOCS?.trim() === "true",
    metrics: parseMetrics(e, production),
    backupToken: parseBackupToken(e),
    shutdownDrainMs: parseDrainMs(given(e.SHUTDOWN_DRAIN_MS), production),
  };
}

/** DATA_DIR, absolute, even when DATABASE_URL is set: the backup and copy commands read both. */
export function loadDataDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  // Only DATA_DIR matters here: the PostgreSQL side (a production environment file) may be set too.
  const database = loadConfig(
    {
      ...env,
      DATABASE_URL: "",
      DATABASE_POOL_URL: "",
      DATABASE_READ_URL: "",
      DATABASE_READ_MAX_LAG_MS: "",
      DATABASE_POOL_SIZE: "",
    },
    cwd,
  ).database;
  return database.kind === "pglite" ? database.dataDir : path.resolve(cwd, "data");
}
