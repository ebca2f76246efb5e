import type { ReadinessDownCode } from "@workshift/contracts";
import { cached } from "../lib/cached.ts";
import type { Db } from "../lib/db/database.ts";
import type { MigrationFile } from "../lib/db/migrate.ts";
import { FRESH_FOR_MS } from "./routes.ts";

export type Readiness = { ready: true } | { ready: false; code: ReadinessDownCode; error: string };

export interface ReadinessSources {
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  /** What schema_migrations records. */
  recorded(): Promise<Array<Pick<MigrationFile, "name" | "checksum">>>;
  /** This code's migration files (read once, on the first check that needs them). */
  expected(): Array<Pick<MigrationFile, "name" | "checksum">>;
}

const databaseDown: Readiness = {
  ready: false,
  code: "database_unavailable",
  error: "The database cannot be reached",
};
const migrationsPending: Readiness = {
  ready: false,
  code: "migrations_pending",
  error: "The database lacks migrations this server needs",
};

/** PostgreSQL's "undefined table" and "insufficient privilege": this code's migrations never ran here. */
const NOT_MIGRATED = new Set(["42P01", "42501"]);

/** The migrations this server's code expects that the database has not recorded as they are. */
export function pendingMigrations(
  expected: ReadonlyArray<Pick<MigrationFile, "name" | "checksum">>,
  recorded: ReadonlyArray<Pick<MigrationFile, "name" | "checksum">>,
): string[] {
  const done = new Map(recorded.map((row) => [row.name, row.checksum]));
  return expected.filter((file) => done.get(file.name) !== file.checksum).map((file) => file.name);
}

/**
 * Whether the server can take traffic: the database answers and holds every
 * migration of this code. Asked at most once per `freshForMs`, like liveness.
 * Once the migrations were seen complete they are not read again (they are
 * append-only, and a running server's files do not change); the ping is.
 */
export function readinessCheck(sources: ReadinessSources, freshForMs = FRESH_FOR_MS): () => Promise<Readiness> {
  let migrated = false;
  let expected: ReturnType<ReadinessSources["expected"]> | null = null;
  const check = async (): Promise<Readiness> => {
    try {
      await sources.ping();
    } catch {
      return databaseDown;
    }
    if (migrated) return { ready: true };
    let recorded: Awaited<ReturnType<ReadinessSources["recorded"]>>;
    try {
      recorded = await sources.recorded();
    } catch (error) {
      return NOT_MIGRATED.has((error as { code?: string }).code ?? "") ? migrationsPending : databaseDown;
    }
    expected ??= sources.expected();
    if (pendingMigrations(expected, recorded).length > 0) return migrationsPending;
    migrated = true;
    return { ready: true };
  };
  return cached(check, freshForMs);
}

/** What schema_migrations records, read as the application role (which may read it, never write it). */
export async function recordedMigrations(db: Db): Promise<Array<Pick<MigrationFile, "name" | "checksum">>> {
  return db.selectFrom("schema_migrations").select(["name", "checksum"]).execute();
}
