import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../../../test/database.ts";
import { ConfigError } from "../../config.ts";
import { openDatabase } from "./database.ts";

const MEMBER = "workshift_web_member_test";
const STRANGER = "workshift_web_stranger_test";

/** The same database as another login (trust authentication on the test server). */
function as(user: string): string {
  const url = new URL(inject("databaseUrl"));
  url.username = user;
  url.password = "";
  return url.toString();
}

/**
 * DATABASE_POOL_URL and DATABASE_READ_URL go through PgBouncer in transaction
 * mode, where a `set role` may land on another server session than the
 * next query: their login must be unable to see past row-level security.
 */
describe.runIf(databaseKind() === "postgres")("the pooled login (DATABASE_POOL_URL)", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    // Roles belong to the whole cluster: another run may have made them already.
    for (const statement of [
      `create role ${MEMBER} login nosuperuser nobypassrls in role workshift_app`,
      `create role ${STRANGER} login nosuperuser nobypassrls`,
    ]) {
      await admin.query(`do $$ begin ${statement}; exception when duplicate_object then null; end $$`);
    }
    await admin.end();
  });
  afterAll(() => undefined);

  it("works as a plain member of the app role, under row-level security", async () => {
    // An organization with its settings row (a tenant table), written as the test database's owner.
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    const {
      rows: [made],
    } = await admin.query<{ id: string }>(
      "with o as (insert into organizations (title) values ('Pooled Login Co') returning id) insert into organization_settings (organization_id) select id from o returning organization_id as id",
    );
    await admin.end();

    const database = await openDatabase(
      { kind: "postgres", url: inject("databaseUrl"), poolUrl: as(MEMBER) },
      { migrate: false },
    );
    try {
      const seen = (organizationId: string | null) =>
        database.db.transaction().execute(async (tx) => {
          if (organizationId) await sql`select set_config('app.organization_id', ${organizationId}, true)`.execute(tx);
          const { rows } = await sql<{ user: string; visible: boolean }>`
            select current_user as user,
              exists (select 1 from organization_settings where organization_id = ${made?.id}) as visible`.execute(tx);
          return rows[0];
        });
      // Outside its organization the row is hidden; inside it, it shows.
      expect(await seen(null)).toEqual({ user: "workshift_app", visible: false });
      expect(await seen(made?.id ?? "")).toEqual({ user: "workshift_app", visible: true });
    } finally {
      await database.close();
    }
  });

  it("refuses a superuser, naming the variable and what to do", async () => {
    const opening = openDatabase(
      { kind: "postgres", url: inject("databaseUrl"), poolUrl: inject("databaseUrl") },
      {
        migrate: false,
      },
    );
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow(
      /DATABASE_POOL_URL logs in as \w+, which is a superuser or bypasses row-level security/,
    );
  });

  it("refuses a login that is not a member of the app role", async () => {
    const opening = openDatabase(
      { kind: "postgres", url: inject("databaseUrl"), readUrl: as(STRANGER) },
      {
        migrate: false,
      },
    );
    await expect(opening).rejects.toThrow(
      `DATABASE_READ_URL logs in as ${STRANGER}, which is not a member of workshift_app`,
    );
  });
});
