import { defineConfig } from "vitest/config";

/**
 * One runner, five projects:
 * - unit: pure functions of every package (fast, no database);
 * - api:  the HTTP API on the embedded database (PGlite), each worker reusing one migrated copy;
 * - api-pg: the same API files on PostgreSQL, only when TEST_DATABASE_URL is set;
 * - scale: the built server in the production layout (two instances, PgBouncer, nginx, a replica);
 * - e2e:  the built app served by the real server, driven in headless Chromium.
 * Plus tz-new-york, tz-paris, tz-beirut: the schedule's time and rules tests,
 * and the pay periods and timesheets, again under another process time zone
 * (the unit project runs them in UTC), to prove the process's own zone never
 * leaks into a board's days and weeks, a timesheet's days and overtime, or
 * how a date or an instant in a request is read.
 */
const apiFiles = ["server/**/*.api.test.ts"];

const scheduleTimeFiles = [
  "packages/contracts/src/schedule-*.test.ts",
  "packages/contracts/src/timesheet*.test.ts",
  "packages/contracts/src/pay-period*.test.ts",
  "packages/contracts/src/zone-of-work*.test.ts",
  "packages/contracts/src/strict-time.test.ts",
  "packages/contracts/src/availability-rules*.test.ts",
  "packages/contracts/src/time-off-*.test.ts",
];
const processZones = { "tz-new-york": "America/New_York", "tz-paris": "Europe/Paris", "tz-beirut": "Asia/Beirut" };

export default defineConfig({
  test: {
    env: { TZ: "UTC" },
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "server/src/**/*.test.ts", "web/src/**/*.test.{ts,tsx}"],
          exclude: [...apiFiles, "**/node_modules/**"],
        },
      },
      ...Object.entries(processZones).map(([name, zone]) => ({
        test: {
          name,
          include: scheduleTimeFiles,
          env: { TZ: zone },
        },
      })),
      {
        test: {
          name: "api",
          include: apiFiles,
          globalSetup: ["server/test/global-setup.ts"],
          provide: { databaseKind: "pglite" as const },
          // Files share their worker's database (each test makes its own organization).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "api-pg",
                include: apiFiles,
                globalSetup: ["server/test/global-setup.ts"],
                provide: { databaseKind: "postgres" as const },
                isolate: false,
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          // The production layout (scale/): PostgreSQL with a replica, PgBouncer, two built instances, nginx.
          name: "scale",
          include: ["scale/**/*.scale.test.ts"],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
