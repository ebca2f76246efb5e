import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { migrationsDir } from "../paths.ts";
import { createLifecycle } from "./lifecycle.ts";

/** A copy of the real migrations, changed by `alter` (a migration more, or one edited). */
function migrationsLike(alter: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-migrations-"));
  for (const file of fs.readdirSync(migrationsDir))
    fs.copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
  alter(dir);
  return dir;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/health/ready", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers ready when the database answers and holds every migration", async () => {
    const response = await server.request("/api/health/ready");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });

  it("needs no sign-in, like liveness, and leaves /api/health as it was", async () => {
    const live = await server.request("/api/health");
    expect(live.status).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/health/ready when the server is not ready", () => {
  it("answers 503 migrations_pending while a migration of this code is not applied", async () => {
    const dir = migrationsLike((d) => fs.writeFileSync(path.join(d, "9999_not_yet.sql"), "select 1;\n"));
    folders.push(dir);
    const server = await startTestServer({ migrationsDir: dir });
    try {
      const response = await server.request("/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        error: "The database lacks migrations this server needs",
        code: "migrations_pending",
      });
      // Liveness stays up: the process is fine, it only must not get traffic.
      expect((await server.request("/api/health")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("answers 503 migrations_pending when an applied migration differs from its file", async () => {
    const dir = migrationsLike((d) => {
      const first = fs.readdirSync(d).sort()[0] as string;
      fs.appendFileSync(path.join(d, first), "\n-- edited\n");
    });
    folders.push(dir);
    const server = await startTestServer({ migrationsDir: dir });
    try {
      const response = await server.request("/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.json()).toMatchObject({ code: "migrations_pending" });
    } finally {
      await server.close();
    }
  });

  it("answers 503 database_unavailable when the database does not answer", async () => {
    const database = await testDatabase();
    const server = await startTestServer({
      database: { ...database, ping: () => Promise.reject(new Error("ECONNREFUSED")) },
    });
    try {
      const response = await server.request("/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        error: "The database cannot be reached",
        code: "database_unavailable",
      });
    } finally {
      await server.close();
    }
  });

  it("answers 503 shutting_down at once when the server starts stopping, while other requests are still served", async () => {
    const lifecycle = createLifecycle();
    const server = await startTestServer({ lifecycle });
    try {
      expect((await server.request("/api/health/ready")).status).toBe(200);
      lifecycle.drain();
      // Within the second a ready answer is reused: stopping is never cached.
      const response = await server.request("/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        error: "The server is stopping",
        code: "shutting_down",
      });
      expect((await server.request("/api/health")).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
