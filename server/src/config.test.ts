import { describe, expect, it } from "vitest";
import { ConfigError, isLoopback, loadConfig, loadDataDir } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to port 3000 and the embedded database in ./data", () => {
    const config = loadConfig({}, "/srv/app");
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "pglite", dataDir: "/srv/app/data" });
    expect(config.env).toBe("development");
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("switches to PostgreSQL with DATABASE_URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/ws" }, "/");
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/ws" });
  });

  it("sends queries through a pooler and heavy reads to a replica when told", () => {
    const config = loadConfig(
      {
        DATABASE_URL: "postgres://owner@db:5432/ws",
        DATABASE_POOL_URL: "postgres://web:pw@bouncer:6432/ws",
        DATABASE_READ_URL: "postgres://web:pw@bouncer:6432/ws_replica",
        DATABASE_POOL_SIZE: "25",
      },
      "/",
    );
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://owner@db:5432/ws",
      poolUrl: "postgres://web:pw@bouncer:6432/ws",
      readUrl: "postgres://web:pw@bouncer:6432/ws_replica",
      poolSize: 25,
    });
  });

  it("bounds the read replica's lag with DATABASE_READ_MAX_LAG_MS", () => {
    const env = { DATABASE_URL: "postgres://u@db:5432/ws", DATABASE_READ_URL: "postgres://r@replica:5432/ws" };
    expect(loadConfig(env, "/").database).not.toHaveProperty("readMaxLagMs");
    expect(loadConfig({ ...env, DATABASE_READ_MAX_LAG_MS: "2500" }, "/").database).toMatchObject({
      readMaxLagMs: 2500,
    });
  });

  it.each([
    [{ PORT: "http" }, /PORT must be a whole number/],
    [{ DATABASE_POOL_URL: "postgres://web@bouncer:6432/ws" }, /DATABASE_POOL_URL needs DATABASE_URL as well/],
    [{ DATABASE_READ_URL: "postgres://web@replica:5432/ws" }, /DATABASE_READ_URL needs DATABASE_URL as well/],
    [
      { DATABASE_URL: "postgres://u@db:5432/ws", DATABASE_POOL_URL: "mysql://x@y/z" },
      /DATABASE_POOL_URL must start with postgres/,
    ],
    [
      { DATABASE_URL: "postgres://u@db:5432/ws", DATABASE_POOL_SIZE: "0" },
      /DATABASE_POOL_SIZE must be a whole number from 1 to 500/,
    ],
    [{ PORT: "70000" }, /PORT must be a whole number/],
    [{ BACKUP_TOKEN: "0123456789abcdef0" }, /BACKUP_TOKEN is set but METRICS_PORT is not/],
    [{ METRICS_PORT: "9464", BACKUP_TOKEN: "short" }, /BACKUP_TOKEN must be at least 16/],
    [
      { METRICS_PORT: "9464", METRICS_TOKEN: "0123456789abcdef0", BACKUP_TOKEN: "0123456789abcdef0" },
      /BACKUP_TOKEN must differ from METRICS_TOKEN/,
    ],
    [{ DATABASE_URL: "postgres://" }, /needs a host and a database name|not a valid URL/],
    [{ DATABASE_URL: "postgres://host" }, /needs a host and a database name/],
    [
      {
        DATABASE_URL: "postgres://u@db/ws",
        DATABASE_READ_URL: "postgres://r@replica/ws",
        DATABASE_READ_MAX_LAG_MS: "10s",
      },
      /DATABASE_READ_MAX_LAG_MS must be a number of milliseconds/,
    ],
    [
      { DATABASE_URL: "postgres://u@db/ws", DATABASE_READ_MAX_LAG_MS: "10000" },
      /DATABASE_READ_MAX_LAG_MS is set but DATABASE_READ_URL is not/,
    ],
    [{ NODE_ENV: "production", APP_SECRET: "short" }, /APP_SECRET must be set/],
    [{ NODE_ENV: "staging" }, /NODE_ENV/],
  ])("refuses %o with a clear message", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(ConfigError);
    expect(() => loadConfig(env, "/")).toThrow(message);
  });

  it("finds DATA_DIR for the backup commands even beside a production environment's PostgreSQL settings", () => {
    const env = {
      DATA_DIR: "embedded",
      DATABASE_URL: "postgres://owner@db:5432/ws",
      DATABASE_POOL_URL: "postgres://web@bouncer:6432/ws",
      DATABASE_READ_URL: "postgres://web@bouncer:6432/ws_replica",
      DATABASE_POOL_SIZE: "20",
    };
    expect(loadDataDir(env, "/srv")).toBe("/srv/embedded");
  });

  it("accepts production with a long secret and a message provider", () => {
    const secret = "x".repeat(40);
    expect(loadConfig({ NODE_ENV: "production", APP_SECRET: secret, ...smtp }, "/").appSecret).toBe(secret);
  });
});

const smtp = { SMTP_URL: "smtp://user:secret@mail.example.com:587", SMTP_FROM: "Workshift <no-reply@example.com>" };
const twilio = {
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "token",
  TWILIO_FROM: "+15005550006",
};
const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(40) };

describe("loadConfig: message delivery", () => {
  it("uses the dev outbox when nothing is configured outside production", () => {
    const { delivery } = loadConfig({}, "/");
    expect(delivery.smtp).toBeNull();
    expect(delivery.twilio).toBeNull();
    expect(delivery.smsAllowedCountries).toEqual(["LB", "FR", "ES", "US", "CA", "GB", "AE", "SA"]);
  });

  it("refuses to start in production without SMTP or Twilio", () => {
    expect(() => loadConfig(production, "/")).toThrow(ConfigError);
    expect(() => loadConfig(production, "/")).toThrow(
      "Production needs message delivery for sign-in codes: set SMTP_URL and SMTP_FROM (email), or TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (SMS), or both.",
    );
    // Empty variables count as unset.
    expect(() => loadConfig({ ...production, SMTP_URL: "", TWILIO_ACCOUNT_SID: " " }, "/")).toThrow(/Production needs/);
  });

  it("starts in production with SMTP, with Twilio, or with both", () => {
    expect(loadConfig({ ...production, ...smtp }, "/").delivery.smtp).toEqual({
      url: smtp.SMTP_URL,
      from: smtp.SMTP_FROM,
    });
    expect(loadConfig({ ...production, ...twilio }, "/").delivery.twilio).toEqual({
      apiUrl: "https://api.twilio.com",
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: "token",
      from: "+15005550006",
    });
    const both = loadConfig({ ...production, ...smtp, ...twilio }, "/").delivery;
    expect(both.smtp).not.toBeNull();
    expect(both.twilio).not.toBeNull();
  });

  it("reads the SMS country allowlist", () => {
    expect(loadConfig({ SMS_ALLOWED_COUNTRIES: " lb, fr ,LB" }, "/").delivery.smsAllowedCountries).toEqual([
      "LB",
      "FR",
    ]);
  });

  it("takes a stand-in Twilio address outside production", () => {
    expect(loadConfig({ ...twilio, TWILIO_API_URL: "http://127.0.0.1:8080/" }, "/").delivery.twilio?.apiUrl).toBe(
      "http://127.0.0.1:8080",
    );
  });

  it.each([
    [{ SMTP_URL: smtp.SMTP_URL }, /SMTP_URL is set but SMTP_FROM is not/],
    [{ SMTP_FROM: smtp.SMTP_FROM }, /SMTP_FROM is set but SMTP_URL is not/],
    [{ ...smtp, SMTP_URL: "http://mail.example.com" }, /SMTP_URL must look like smtp:\/\//],
    [{ ...smtp, SMTP_FROM: "Workshift" }, /SMTP_FROM must be an email address/],
    [{ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID }, /missing TWILIO_AUTH_TOKEN, TWILIO_FROM\.$/],
    [{ ...twilio, TWILIO_ACCOUNT_SID: "AC123" }, /TWILIO_ACCOUNT_SID must be the account SID/],
    [{ ...twilio, TWILIO_FROM: "0427" }, /TWILIO_FROM must be a phone number in international form/],
    [{ ...twilio, TWILIO_API_URL: "ftp://x" }, /TWILIO_API_URL must be an http\(s\) URL/],
    [{ ...production, ...twilio, TWILIO_API_URL: "http://127.0.0.1" }, /TWILIO_API_URL must be an https URL/],
    [{ SMS_ALLOWED_COUNTRIES: "LB,Lebanon" }, /SMS_ALLOWED_COUNTRIES must list two-letter country codes.*"LEBANON"/],
  ])("refuses %o with a clear message", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(ConfigError);
    expect(() => loadConfig(env, "/")).toThrow(message);
  });

  it("never repeats the SMTP password in a message", () => {
    expect(() => loadConfig({ SMTP_URL: "smtpx://user:hunter2@host", SMTP_FROM: "a@b.co" }, "/")).toThrow(
      /^(?!.*hunter2)/,
    );
  });
});

describe("PUBLIC_URL", () => {
  it("defaults to localhost on the configured port", () => {
    expect(loadConfig({}, "/").publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "8080" }, "/").publicUrl).toBe("http://localhost:8080");
  });

  it("keeps the origin and a path prefix, without the trailing slash", () => {
    expect(loadConfig({ PUBLIC_URL: "https://shifts.example.com/" }, "/").publicUrl).toBe("https://shifts.example.com");
    expect(loadConfig({ PUBLIC_URL: "https://example.com/app/" }, "/").publicUrl).toBe("https://example.com/app");
  });

  it.each(["shifts.example.com", "ftp://example.com", "https://example.com/?a=1"])("refuses %s", (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value }, "/")).toThrow(/PUBLIC_URL must be/);
  });
});

describe("loadConfig: the API's documentation", () => {
  it("is served outside production and not in production, unless API_DOCS says otherwise", () => {
    expect(loadConfig({}, "/").apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }, "/").apiDocs).toBe(true);
    expect(loadConfig({ ...production, ...smtp }, "/").apiDocs).toBe(false);
    expect(loadConfig({ ...production, ...smtp, API_DOCS: "" }, "/").apiDocs).toBe(false);
    expect(loadConfig({ ...production, ...smtp, API_DOCS: "true" }, "/").apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: "false" }, "/").apiDocs).toBe(false);
  });

  it("refuses anything but true or false", () => {
    expect(() => loadConfig({ API_DOCS: "yes" }, "/")).toThrow(ConfigError);
    expect(() => loadConfig({ API_DOCS: "yes" }, "/")).toThrow("API_DOCS must be true or false");
  });
});

describe("loadConfig: metrics and stopping", () => {
  const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(40), ...smtp };

  it("serves no metrics unless METRICS_PORT is set; then on loopback, without a token by default", () => {
    expect(loadConfig({}, "/").metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: "9464" }, "/").metrics).toEqual({ host: "127.0.0.1", port: 9464, token: null });
  });

  it("takes a host and a token", () => {
    const token = "a".repeat(32);
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: token }, "/").metrics).toEqual({
      host: "0.0.0.0",
      port: 9464,
      token,
    });
  });

  it("requires a token in production when metrics listen beyond this machine", () => {
    expect(() => loadConfig({ ...production, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }, "/")).toThrow(
      /set METRICS_TOKEN, or METRICS_HOST=127.0.0.1/,
    );
    expect(loadConfig({ ...production, METRICS_PORT: "9464" }, "/").metrics?.token).toBeNull();
    expect(loadConfig({ ...production, METRICS_PORT: "9464", METRICS_HOST: "::1" }, "/").metrics?.host).toBe("::1");
  });

  it.each([
    [{ METRICS_PORT: "metrics" }, /METRICS_PORT must be a whole number/],
    [{ METRICS_PORT: "70000" }, /METRICS_PORT must be a whole number/],
    [{ METRICS_PORT: "9464", METRICS_TOKEN: "short" }, /METRICS_TOKEN must be at least 16/],
    [{ METRICS_TOKEN: "a".repeat(32) }, /METRICS_PORT is not/],
    [{ SHUTDOWN_DRAIN_MS: "2s" }, /SHUTDOWN_DRAIN_MS must be a number of milliseconds/],
    [{ SHUTDOWN_DRAIN_MS: "600000" }, /SHUTDOWN_DRAIN_MS must be a number of milliseconds/],
  ])("refuses %o with a clear message", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(ConfigError);
    expect(() => loadConfig(env, "/")).toThrow(message);
  });

  it("drains for 2 s before stopping in production, at once elsewhere, or as SHUTDOWN_DRAIN_MS says", () => {
    expect(loadConfig({}, "/").shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test" }, "/").shutdownDrainMs).toBe(0);
    expect(loadConfig(production, "/").shutdownDrainMs).toBe(2000);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: "0" }, "/").shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "5000" }, "/").shutdownDrainMs).toBe(5000);
  });
});

describe("isLoopback", () => {
  it.each(["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "localhost"])("%s is", (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(["0.0.0.0", "::", "10.0.0.5", "192.168.1.1", "::ffff:10.0.0.1", "metrics.example.com"])(
    "%s is not",
    (host) => {
      expect(isLoopback(host)).toBe(false);
    },
  );
});
