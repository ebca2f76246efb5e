import { describe, expect, it, vi } from "vitest";
import { pendingMigrations, type ReadinessSources, readinessCheck } from "./readiness.ts";

const files = [
  { name: "0001_a.sql", checksum: "aa" },
  { name: "0002_b.sql", checksum: "bb" },
];

function sources(overrides: Partial<ReadinessSources> = {}): ReadinessSources {
  return {
    ping: vi.fn(async () => {}),
    recorded: vi.fn(async () => files),
    expected: vi.fn(() => files),
    ...overrides,
  };
}

describe("pendingMigrations", () => {
  it("names the files the database has not recorded, or recorded with another checksum", () => {
    expect(pendingMigrations(files, files)).toEqual([]);
    expect(pendingMigrations(files, files.slice(0, 1))).toEqual(["0002_b.sql"]);
    expect(
      pendingMigrations(files, [
        { name: "0001_a.sql", checksum: "aa" },
        { name: "0002_b.sql", checksum: "changed" },
      ]),
    ).toEqual(["0002_b.sql"]);
  });

  it("ignores migrations the database has that this code does not know (a newer instance ran them)", () => {
    expect(pendingMigrations(files.slice(0, 1), files)).toEqual([]);
  });
});

describe("readinessCheck", () => {
  it("is ready when the database answers and holds every migration", async () => {
    expect(await readinessCheck(sources(), 0)()).toEqual({ ready: true });
  });

  it("says database_unavailable when the ping fails", async () => {
    const check = readinessCheck(sources({ ping: () => Promise.reject(new Error("ECONNREFUSED")) }), 0);
    expect(await check()).toMatchObject({ ready: false, code: "database_unavailable" });
  });

  it("says migrations_pending until the database records them all, then stops reading them but keeps pinging", async () => {
    let recorded = files.slice(0, 1);
    const given = sources({ recorded: vi.fn(async () => recorded) });
    const check = readinessCheck(given, 0);
    expect(await check()).toMatchObject({ ready: false, code: "migrations_pending" });
    recorded = files;
    expect(await check()).toEqual({ ready: true });
    expect(await check()).toEqual({ ready: true });
    expect(given.recorded).toHaveBeenCalledTimes(2);
    expect(given.expected).toHaveBeenCalledTimes(1);
    expect(given.ping).toHaveBeenCalledTimes(3);
  });

  it("says migrations_pending when the migrations table is missing or unreadable, database_unavailable on other errors", async () => {
    const failing = (code: string) =>
      readinessCheck(sources({ recorded: () => Promise.reject(Object.assign(new Error(code), { code })) }), 0)();
    expect(await failing("42P01")).toMatchObject({ code: "migrations_pending" });
    expect(await failing("42501")).toMatchObject({ code: "migrations_pending" });
    expect(await failing("57P01")).toMatchObject({ code: "database_unavailable" });
  });

  it("asks once for probes within the freshness window", async () => {
    const given = sources();
    const check = readinessCheck(given, 1000);
    await Promise.all([check(), check(), check()]);
    await check();
    expect(given.ping).toHaveBeenCalledTimes(1);
  });
});
