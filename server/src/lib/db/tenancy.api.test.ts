import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.ts";
import { withOrganization } from "./tenancy.ts";

async function makeOrganization(title: string): Promise<string> {
  const { db } = await testDatabase();
  const org = await db.insertInto("organizations").values({ title }).returning("id").executeTakeFirstOrThrow();
  await withOrganization(db, org.id, (tx) =>
    tx.insertInto("organization_settings").values({ organization_id: org.id, time_zone: "Asia/Beirut" }).execute(),
  );
  return org.id;
}

describe("row-level security on tenant tables", () => {
  it("shows no tenant rows to a query without an organization", async () => {
    await makeOrganization("Cedar Café");
    const { db } = await testDatabase();
    const rows = await db.selectFrom("organization_settings").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("shows an organization its own rows and no one else's", async () => {
    const mine = await makeOrganization("Mine");
    const theirs = await makeOrganization("Theirs");
    const { db } = await testDatabase();
    const seen = await withOrganization(db, mine, (tx) =>
      tx.selectFrom("organization_settings").select("organization_id").execute(),
    );
    expect(seen).toEqual([{ organization_id: mine }]);
    expect(seen.map((row) => row.organization_id)).not.toContain(theirs);
  });

  it("refuses to write a row for another organization, and writes nothing", async () => {
    const mine = await makeOrganization("Writer");
    const other = await testDatabase().then(({ db }) =>
      db.insertInto("organizations").values({ title: "Victim" }).returning("id").executeTakeFirstOrThrow(),
    );
    const { db } = await testDatabase();
    await expect(
      withOrganization(db, mine, (tx) =>
        tx.insertInto("organization_settings").values({ organization_id: other.id }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const count = await withOrganization(db, other.id, (tx) =>
      tx
        .selectFrom("organization_settings")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.n)).toBe(0);
  });

  it("runs application queries as a role that cannot bypass row-level security", async () => {
    const { db } = await testDatabase();
    const { rows } = await sql<{ role: string; bypass: boolean; superuser: boolean }>`
      select current_user as role, rolbypassrls as bypass, rolsuper as superuser
      from pg_roles where rolname = current_user`.execute(db);
    expect(rows).toEqual([{ role: "workshift_app", bypass: false, superuser: false }]);
    // It may read which migrations ran (readiness), never record or change one.
    await expect(sql`select name from schema_migrations limit 1`.execute(db)).resolves.toBeDefined();
    await expect(
      sql`insert into schema_migrations (name, checksum) values ('9999_forged.sql', 'x')`.execute(db),
    ).rejects.toThrow(/permission denied/);
    await expect(sql`delete from schema_migrations`.execute(db)).rejects.toThrow(/permission denied/);
  });
});

describe("transactions on the embedded database", () => {
  it("keep concurrent transactions apart: one's rollback loses nothing of another's", async () => {
    const { db } = await testDatabase();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const doomedTitle = `Doomed ${Math.random()}`.slice(0, 50);
    const doomed = db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto("organizations").values({ title: doomedTitle }).execute();
        await held;
        throw new Error("roll back");
      })
      .catch(() => "rolled back");
    // Starts while the first transaction is open; must not join it.
    const kept = db.insertInto("organizations").values({ title: "Kept" }).returning("id").executeTakeFirstOrThrow();
    setTimeout(release, 50);
    expect(await doomed).toBe("rolled back");
    const { id } = await kept;
    const titles = await db
      .selectFrom("organizations")
      .select("title")
      .where((eb) => eb.or([eb("title", "=", doomedTitle), eb("id", "=", id)]))
      .execute();
    expect(titles).toEqual([{ title: "Kept" }]);
  });
});
