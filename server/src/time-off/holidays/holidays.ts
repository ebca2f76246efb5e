import { HOLIDAY_NAME_MAX, type Holiday, todayIn } from "@workshift/contracts";
import Holidays from "date-holidays";
import { sql } from "kysely";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import { refusingConstraints } from "../../lib/db/constraint-errors.ts";
import { isUuid } from "../../lib/db/ids.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound, refuse } from "../../lib/http/errors.ts";
import { nameRefusals } from "../setup/names.ts";

function holidaysQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("holidays")
    .select(["id", "name", sql<string>`day::text`.as("day")])
    .where("organization_id", "=", organizationId);
}

/** The company's country (ISO 3166-1 alpha-2, uppercase), if it has one. */
export async function companyCountry(tx: Tx, organizationId: string): Promise<string | null> {
  const row = await tx
    .selectFrom("organizations")
    .select("country_code")
    .where("id", "=", organizationId)
    .executeTakeFirst();
  return row?.country_code ? row.country_code.toUpperCase() : null;
}

/** The organization's holidays of a year (this year in its zone when none is given), by day. */
export async function listHolidays(tx: Tx, organizationId: string, year?: number): Promise<Holiday[]> {
  let wanted = year;
  if (wanted === undefined) {
    const settings = await tx
      .selectFrom("organization_settings")
      .select("time_zone")
      .where("organization_id", "=", organizationId)
      .executeTakeFirst();
    wanted = Number(todayIn(settings?.time_zone ?? "UTC").slice(0, 4));
  }
  return holidaysQuery(tx, organizationId)
    .where("day", ">=", `${wanted}-01-01`)
    .where("day", "<=", `${wanted}-12-31`)
    .orderBy("day")
    .execute();
}

async function loadHoliday(tx: Tx, organizationId: string, id: string): Promise<Holiday> {
  const row = isUuid(id) ? await holidaysQuery(tx, organizationId).where("id", "=", id).executeTakeFirst() : undefined;
  if (!row) throw notFound("No such holiday");
  return row;
}

/** A holiday of the organization's own (409 when that day already is one). Audited. */
export async function createHoliday(tx: Tx, actor: Actor, input: { day: string; name: string }): Promise<Holiday> {
  const row = await refusingConstraints(nameRefusals, () =>
    tx
      .insertInto("holidays")
      .values({ organization_id: actor.organizationId, day: input.day, name: input.name })
      .returning(["id", "name", sql<string>`day::text`.as("day")])
      .executeTakeFirstOrThrow(),
  );
  await recordAudit(tx, actor, { action: "holiday.create", targetType: "holiday", targetId: row.id, after: row });
  return row;
}

/** Renames or moves a holiday. Audited. */
export async function updateHoliday(
  tx: Tx,
  actor: Actor,
  id: string,
  patch: { day?: string | undefined; name?: string | undefined },
): Promise<Holiday> {
  const before = await loadHoliday(tx, actor.organizationId, id);
  const changes = {
    ...(patch.day !== undefined ? { day: patch.day } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
  };
  if (Object.keys(changes).length === 0) return before;
  const after = await refusingConstraints(nameRefusals, () =>
    tx
      .updateTable("holidays")
      .set(changes)
      .where("organization_id", "=", actor.organizationId)
      .where("id", "=", id)
      .returning(["id", "name", sql<string>`day::text`.as("day")])
      .executeTakeFirstOrThrow(),
  );
  await recordAudit(tx, actor, { action: "holiday.update", targetType: "holiday", targetId: id, before, after });
  return after;
}

/** Removes a holiday. Audited. */
export async function deleteHoliday(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await loadHoliday(tx, actor.organizationId, id);
  await tx.deleteFrom("holidays").where("organization_id", "=", actor.organizationId).where("id", "=", id).execute();
  await recordAudit(tx, actor, { action: "holiday.delete", targetType: "holiday", targetId: id, before });
}

/** The public holidays the library knows for a country and year, one per day, named in `language`. */
export function publicHolidays(country: string, year: number, language: string): { day: string; name: string }[] {
  const library = new Holidays(country);
  const found = library.getHolidays(year, language) || [];
  const days = new Map<string, string>();
  for (const holiday of found) {
    if (holiday.type !== "public") continue;
    const day = holiday.date.slice(0, 10);
    if (!days.has(day)) days.set(day, holiday.name.slice(0, HOLIDAY_NAME_MAX));
  }
  return [...days].map(([day, name]) => ({ day, name }));
}

/**
 * Adds the public holidays of the company's country for a year, named in the
 * reader's language; days that already are holidays keep theirs. 422 when
 * the company has no country or the library knows no holiday for it.
 * Audited with the days added.
 */
export async function loadPublicHolidays(tx: Tx, actor: Actor, year: number): Promise<Holiday[]> {
  const country = await companyCountry(tx, actor.organizationId);
  const reader = await tx.selectFrom("users").select("language").where("id", "=", actor.userId).executeTakeFirst();
  const found = country ? publicHolidays(country, year, reader?.language ?? "en") : [];
  if (found.length === 0) {
    throw refuse("time_off_no_holidays", "No public holidays are known for the company's country", {
      year: "timeOff.noHolidays",
    });
  }
  const added = await tx
    .insertInto("holidays")
    .values(found.map((holiday) => ({ organization_id: actor.organizationId, ...holiday })))
    .onConflict((conflict) => conflict.columns(["organization_id", "day"]).doNothing())
    .returning(["id", "name", sql<string>`day::text`.as("day")])
    .execute();
  if (added.length > 0) {
    await recordAudit(tx, actor, {
      action: "holiday.load",
      targetType: "organization",
      targetId: actor.organizationId,
      after: { country, year, added },
    });
  }
  return listHolidays(tx, actor.organizationId, year);
}
