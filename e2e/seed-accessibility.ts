import { addDays, shiftInstants, todayIn, weekOf } from "../packages/contracts/src/index.ts";
import type { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import type { SeededPerson } from "./seed.ts";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
type Named = SeededPerson & { lastName: string };

/** One language's people at "Willow Inn": an owner (who also owns "Willow Annex") and an employee. */
export interface AccessibilityPeople {
  owner: Named;
  employee: Named;
}

/**
 * "Willow Inn" (accessibility.e2e.test.ts): every page of the product with
 * something on it, so axe reads real content. In a zone where it is about noon
 * (the day holds the whole run): a board with two jobs, an English and an
 * Arabic employee each working a published shift all day today with an hour
 * already clocked (a timesheet to approve), an open shift next week to claim,
 * a draft open shift this evening to publish; availability changes need approval. Each owner also owns
 * "Willow Annex", so signing in passes through the organization picker.
 */
export interface AccessibilitySeed {
  organization: string;
  otherOrganization: string;
  zone: string;
  board: { id: string; name: string };
  en: AccessibilityPeople;
  ar: AccessibilityPeople;
}

export async function seedAccessibility(
  db: Db,
  organization: (title: string) => Promise<string>,
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
  zone: string,
): Promise<AccessibilitySeed> {
  const title = "Willow Inn";
  const annexTitle = "Willow Annex";
  const willow = await organization(title);
  const annex = await organization(annexTitle);
  const seeded = async (first: string, last: string, national: string, language: string) => ({
    id: await person(first, last, national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
    lastName: last,
  });
  const ownerEn = await seeded("Wafa", "Willow", "70950001", "en");
  const ownerAr = await seeded("وفاء", "الصفصاف", "70950002", "ar");
  const employeeEn = await seeded("Elie", "Rooms", "70950010", "en");
  const employeeAr = await seeded("إيلي", "الغرف", "70950011", "ar");
  const staff = [employeeEn, employeeAr];
  const today = todayIn(zone);
  const nextWeek = addDays(weekOf(today, zone, 1).startDate, 7);

  await withOrganization(db, annex, (tx) =>
    tx
      .insertInto("memberships")
      .values([ownerEn, ownerAr].map((who) => ({ organization_id: annex, user_id: who.id, role: "OWNER" as const })))
      .execute(),
  );
  const board = await withOrganization(db, willow, async (tx) => {
    await tx
      .insertInto("organization_settings")
      .values({ organization_id: willow, time_zone: zone, availability_needs_approval: true })
      .execute();
    await tx
      .insertInto("memberships")
      .values([
        ...[ownerEn, ownerAr].map((who) => ({ organization_id: willow, user_id: who.id, role: "OWNER" as const })),
        ...staff.map((who) => ({
          organization_id: willow,
          user_id: who.id,
          role: "EMPLOYEE" as const,
          started_on: addDays(today, -400),
        })),
      ])
      .execute();
    const job = async (name: string, color: string) =>
      (
        await tx
          .insertInto("jobs")
          .values({ organization_id: willow, name, color, hourly_rate: 12 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const rooms = await job("Housekeeping", "#2b8a3e");
    await job("Front desk", "#1971c2");
    const boardId = (
      await tx
        .insertInto("job_schedulers")
        .values({ organization_id: willow, name: "Guest floor", time_zone: zone, week_start: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await tx
      .insertInto("membership_jobs")
      .values(staff.map((who) => ({ organization_id: willow, user_id: who.id, job_id: rooms })))
      .execute();
    await tx
      .insertInto("job_scheduler_jobs")
      .values({ organization_id: willow, job_scheduler_id: boardId, job_id: rooms })
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(staff.map((who) => ({ organization_id: willow, job_scheduler_id: boardId, user_id: who.id })))
      .execute();

    const shift = (userId: string | null, date: string, from: string, to: string, published: boolean) => {
      const { startsAt, endsAt } = shiftInstants(date, from, to, zone);
      return {
        organization_id: willow,
        job_scheduler_id: boardId,
        user_id: userId,
        job_id: rooms,
        starts_at: startsAt,
        ends_at: endsAt,
        break_minutes: 0,
        ...(published
          ? {
              published_at: new Date(),
              published_user_id: userId,
              published_job_id: rooms,
              published_starts_at: startsAt,
              published_ends_at: endsAt,
              published_break_minutes: 0,
            }
          : {}),
      };
    };
    const shifts = await tx
      .insertInto("shifts")
      .values([
        ...staff.map((who) => shift(who.id, today, "00:00", "23:59", true)),
        shift(null, addDays(nextWeek, 1), "09:00", "17:00", true),
        shift(null, today, "18:00", "20:00", false),
      ])
      .returning(["id", "user_id"])
      .execute();
    // An hour worked this morning (it is about noon there): each employee's timesheet has an entry to approve.
    const now = Date.now();
    await tx
      .insertInto("time_entries")
      .values(
        staff.map((who) => ({
          organization_id: willow,
          user_id: who.id,
          job_id: rooms,
          shift_id: shifts.find((row) => row.user_id === who.id)?.id ?? null,
          clock_in_at: new Date(now - 3 * 3_600_000).toISOString(),
          clock_out_at: new Date(now - 2 * 3_600_000).toISOString(),
          source: "punch" as const,
          created_by: who.id,
        })),
      )
      .execute();
    return boardId;
  });
  const strip = ({ id: _id, ...rest }: Named & { id: string }): Named => rest;
  return {
    organization: title,
    otherOrganization: annexTitle,
    zone,
    board: { id: board, name: "Guest floor" },
    en: { owner: strip(ownerEn), employee: strip(employeeEn) },
    ar: { owner: strip(ownerAr), employee: strip(employeeAr) },
  };
}
