import { defineConfig } from "vitest/config";

/**
 * One runner, four projects:
 * - unit: pure functions of every package (fast, no database);
 * - api:  the HTTP API on the embedded database (PGlite), each worker reusing one migrated copy;
 * - api-pg: the same API files on PostgreSQL, only when TEST_DATABASE_URL is set;
 * - e2e:  the built app served by the real server, driven in headless Chromium.
 */
const apiFiles = ["server/**/*.api.test.ts"];

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
