import type { Person } from "@workshift/contracts";
import { personIdOf } from "../src/lib/db/person-id.ts";
import { type Tx, withOrganization } from "../src/lib/db/tenancy.ts";
import { bearer, newPhone } from "./auth.ts";
import { testDatabase } from "./database.ts";
import type { TestServer } from "./server.ts";

/** Invites someone through the API; the raw answer. */
export function invite(server: TestServer, token: string, body: Record<string, unknown>) {
  return server.request("/api/people/invite", { method: "POST", headers: bearer(token), json: body });
}

/** Invites a new person by phone and returns them (fails the test if refused). */
export async function invited(
  server: TestServer,
  token: string,
  body: Record<string, unknown> = {},
): Promise<Person & { phone: string }> {
  const phone = (body.phone as string | undefined) ?? newPhone();
  const response = await invite(server, token, {
    first_name: "Sami",
    last_name: "Khoury",
    role: "EMPLOYEE",
    phone,
    ...body,
  });
  if (response.status !== 201) throw new Error(`invite answered ${response.status}: ${response.text}`);
  return { ...response.json<{ person: Person }>().person, phone };
}

/** The activation link's token in the newest message to a phone (digits) or email. */
export async function invitationToken(server: TestServer, to: string): Promise<string> {
  const recipient = to.includes("@") ? to : `+${to}`;
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  const { messages } = response.json<{ messages: { body: string }[] }>();
  for (const message of messages) {
    const token = message.body.match(/\/account\/activate\/([A-Za-z0-9_-]{43})/)?.[1];
    if (token) return token;
  }
  throw new Error(`no invitation was sent to ${to}`);
}

/** A job (or board) made directly in the database, as the jobs feature would. */
export async function makeJob(organizationId: string, name: string, archived = false): Promise<string> {
  const { db } = await testDatabase();
  const row = await withOrganization(db, organizationId, (tx) =>
    tx
      .insertInto("jobs")
      .values({ organization_id: organizationId, name, color: "#1864ab", is_archived: archived })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export async function makeBoard(organizationId: string, name: string, archived = false): Promise<string> {
  const { db } = await testDatabase();
  const row = await withOrganization(db, organizationId, (tx) =>
    tx
      .insertInto("job_schedulers")
      .values({ organization_id: organizationId, name, is_archived: archived })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** What the organization holds, to show that a refused request wrote nothing. */
export async function footprint(organizationId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, async (tx) => {
    const count = async (
      table: "memberships" | "invitations" | "audit_log" | "membership_jobs" | "job_scheduler_members",
    ) =>
      Number(
        (
          await tx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .where("organization_id", "=", organizationId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const memberships = await tx
      .selectFrom("memberships")
      .select(["user_id", "role", "permissions", "status", "hourly_rate", "employee_id"])
      .where("organization_id", "=", organizationId)
      .orderBy("user_id")
      .execute();
    return {
      memberships,
      invitations: await count("invitations"),
      audit: await count("audit_log"),
      jobs: await count("membership_jobs"),
      boards: await count("job_scheduler_members"),
    };
  });
}

export async function auditOf(organizationId: string, action: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) =>
    tx
      .selectFrom("audit_log")
      .select(["actor_user_id", "target_id", "before", "after"])
      .where("action", "=", action)
      .orderBy("created_at")
      .execute(),
  );
}

/** A person's id in an organization (what the API names them by there), from their account's id. */
export const personIdIn = (organizationId: string, accountId: string) => personIdOf(organizationId, accountId);

/**
 * The account behind an id a test holds: a person id of the organization (as
 * the API names people), else the id itself (already an account's). For
 * fixtures that write rows, which refer to accounts.
 */
export async function accountIn(tx: Tx, organizationId: string, id: string): Promise<string> {
  const row = await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.user_id ?? id;
}

/** The account behind a person id the API answered in an organization (for reading the database). */
export async function accountOf(organizationId: string, personId: string): Promise<string> {
  const { db } = await testDatabase();
  const row = await withOrganization(db, organizationId, (tx) =>
    tx
      .selectFrom("memberships")
      .select("user_id")
      .where("organization_id", "=", organizationId)
      .where("id", "=", personId)
      .executeTakeFirstOrThrow(),
  );
  return row.user_id;
}
