import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Db } from "../src/lib/db/database.ts";
import { withOrganization } from "../src/lib/db/tenancy.ts";

/** A database of its own on the PostgreSQL of TEST_DATABASE_URL (ws_<prefix>_<random>), and a way to drop it. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `ws_${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** An organization's people as the app sees them (as its role, under row-level security). */
export function peopleOf(db: Db, organizationId: string) {
  return withOrganization(db, organizationId, (tx) =>
    tx
      .selectFrom("memberships")
      .innerJoin("users", "users.id", "memberships.user_id")
      .innerJoin("organizations", "organizations.id", "memberships.organization_id")
      .select(["organizations.title", "users.first_name", "users.last_name", "users.phone", "memberships.role"])
      .orderBy("users.phone")
      .execute(),
  );
}
