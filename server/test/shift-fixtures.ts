import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { personIdOf } from "../src/lib/db/person-id.ts";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import { newPhone } from "./auth.ts";
import { testDatabase } from "./database.ts";
import { accountIn } from "./people.ts";

/**
 * Scheduling fixtures made straight in the database (the routes that make
 * them are other features'), each inside the organization's own transaction.
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

export async function setOrganizationCalendar(organizationId: string, timeZone: string, weekStart: number) {
  await inOrg(organizationId, (tx) =>
    tx
      .updateTable("organization_settings")
      .set({ time_zone: timeZone, week_start: weekStart })
      .where("organization_id", "=", organizationId)
      .execute(),
  );
}

/**
 * A zone without daylight saving where it is about noon at `now` (12:00–12:59),
 * and the weekday there (0 = Sunday): as an organization's zone, the hours
 * around now are all one day there, whatever the hour the test runs.
 */
export function zoneAtNoon(now = new Date()): { zone: string; weekday: number } {
  const offset = 12 - now.getUTCHours(); // hours ahead of UTC, -11 … +12
  // Etc/GMT zones count the POSIX way: Etc/GMT-3 is three hours ahead of UTC.
  const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
  return { zone, weekday: new Date(now.getTime() + offset * 3_600_000).getUTCDay() };
}

export async function setOrganizationCurrency(organizationId: string, currency: string) {
  await inOrg(organizationId, (tx) =>
    tx.updateTable("organization_settings").set({ currency }).where("organization_id", "=", organizationId).execute(),
  );
}

export async function boardIn(
  organizationId: string,
  options: { name?: string; zone?: string; weekStart?: number; archived?: boolean } = {},
): Promise<string> {
  const row = await inOrg(organizationId, (tx) =>
    tx
      .insertInto("job_schedulers")
      .values({
        organization_id: organizationId,
        name: options.name ?? `Board ${randomUUID().slice(0, 8)}`,
        time_zone: options.zone ?? "Europe/Paris",
        week_start: options.weekStart ?? 1,
        is_archived: options.archived ?? false,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export async function jobIn(
  organizationId: string,
  options: { name?: string; archived?: boolean; rate?: number | null; address?: string | null; color?: string } = {},
): Promise<string> {
  const row = await inOrg(organizationId, (tx) =>
    tx
      .insertInto("jobs")
      .values({
        organization_id: organizationId,
        name: options.name ?? `Job ${randomUUID().slice(0, 8)}`,
        color: options.color ?? "#1864ab",
        is_archived: options.archived ?? false,
        hourly_rate: options.rate ?? null,
        address: options.address ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export interface PersonOptions {
  status?: "active" | "invited" | "archived";
  /** Digits; `null` for none. A new Lebanese mobile by default. */
  phone?: string | null;
  email?: string | null;
  emailVerified?: boolean;
  language?: string;
  firstName?: string;
  lastName?: string;
  rate?: number | null;
  invitedFirstName?: string | null;
}

/** A person of the organization (an account and an EMPLOYEE membership). */
export async function personIn(organizationId: string, options: PersonOptions = {}) {
  const phone = options.phone === undefined ? newPhone() : options.phone;
  const email = options.email ?? null;
  const userId = await inOrg(organizationId, async (tx) => {
    const user = await tx
      .insertInto("users")
      .values({
        first_name: options.firstName ?? "Sami",
        last_name: options.lastName ?? "Khoury",
        phone,
        email,
        email_verified_at: email !== null && options.emailVerified ? new Date() : null,
        language: options.language ?? "en",
        color: "#0b7285",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("memberships")
      .values({
        organization_id: organizationId,
        user_id: user.id,
        role: "EMPLOYEE",
        status: options.status ?? "active",
        archived_at: options.status === "archived" ? new Date() : null,
        hourly_rate: options.rate ?? null,
        invited_first_name: options.invitedFirstName ?? null,
        invited_last_name: options.invitedFirstName ? "Typed" : null,
      })
      .execute();
    return user.id;
  });
  // The API names them by their id in the organization; rows refer to the account.
  return { id: personIdOf(organizationId, userId), account: userId, phone, email };
}

export async function setMemberStatus(organizationId: string, userId: string, status: "active" | "archived") {
  await inOrg(organizationId, async (tx) =>
    tx
      .updateTable("memberships")
      .set({ status, archived_at: status === "archived" ? new Date() : null })
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", await accountIn(tx, organizationId, userId))
      .execute(),
  );
}

export interface ShiftOptions {
  user?: string | null;
  job?: string | null;
  starts: string;
  ends: string;
  breakMinutes?: number;
  note?: string | null;
  /** Published as drafted (true), or published with other values (what people were last told). */
  published?:
    | boolean
    | Partial<{ user: string | null; job: string | null; starts: string; ends: string; note: string | null }>;
  /** Published, and waiting for removal at the next publish. */
  deleted?: boolean;
}

export async function shiftIn(organizationId: string, boardId: string, options: ShiftOptions): Promise<string> {
  const published = options.published ?? options.deleted ?? false;
  const seen = typeof published === "object" ? published : {};
  const row = await inOrg(organizationId, async (tx) => {
    // People by person or account id: rows refer to accounts.
    const account = async (id: string | null | undefined) => (id ? accountIn(tx, organizationId, id) : null);
    const user = await account(options.user);
    const publishedUser = "user" in seen ? await account(seen.user) : user;
    return tx
      .insertInto("shifts")
      .values({
        organization_id: organizationId,
        job_scheduler_id: boardId,
        user_id: user,
        job_id: options.job ?? null,
        starts_at: options.starts,
        ends_at: options.ends,
        break_minutes: options.breakMinutes ?? 0,
        note: options.note ?? null,
        deleted_at: options.deleted ? new Date() : null,
        ...(published === false
          ? {}
          : {
              published_at: new Date(Date.now() - 86_400_000),
              published_user_id: publishedUser,
              published_job_id: "job" in seen ? (seen.job ?? null) : (options.job ?? null),
              published_starts_at: seen.starts ?? options.starts,
              published_ends_at: seen.ends ?? options.ends,
              published_break_minutes: options.breakMinutes ?? 0,
              published_note: "note" in seen ? (seen.note ?? null) : (options.note ?? null),
            }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  return row.id;
}

/** Every shift of the organization, oldest start first. */
export async function shiftRows(organizationId: string) {
  return inOrg(organizationId, (tx) =>
    tx.selectFrom("shifts").selectAll().where("organization_id", "=", organizationId).orderBy("starts_at").execute(),
  );
}

export async function shiftRow(organizationId: string, id: string) {
  return inOrg(organizationId, (tx) =>
    tx
      .selectFrom("shifts")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .where("id", "=", id)
      .executeTakeFirst(),
  );
}

/** Messages queued to these recipients (phone digits or emails), oldest first. */
export async function outboxTo(recipients: readonly (string | null)[]) {
  const { db } = await testDatabase();
  const wanted = recipients.filter((recipient): recipient is string => recipient !== null);
  if (wanted.length === 0) return [];
  return db
    .selectFrom("outbox_messages")
    .select(["recipient", "channel", "subject", "body", "language"])
    .where(sql<boolean>`recipient = any(${wanted}::text[])`)
    .orderBy("seq")
    .execute();
}

/** Audit entries of the organization with this action. */
export async function auditEntries(organizationId: string, action: string) {
  return inOrg(organizationId, (tx) =>
    tx
      .selectFrom("audit_log")
      .select(["actor_user_id", "target_type", "target_id", "after"])
      .where("organization_id", "=", organizationId)
      .where("action", "=", action)
      .orderBy("created_at")
      .execute(),
  );
}

/** What a week action might change: shifts, templates, audit, in one comparable value. */
export async function scheduleFootprint(organizationId: string) {
  return inOrg(organizationId, async (tx) => ({
    shifts: await tx
      .selectFrom("shifts")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("id")
      .execute(),
    templates: await tx
      .selectFrom("schedule_templates")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .orderBy("id")
      .execute(),
    audit: Number(
      (
        await tx
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("organization_id", "=", organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  }));
}
