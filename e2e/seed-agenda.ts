import { addDays, dayOf, shiftInstants, todayIn, weekOf } from "../packages/contracts/src/index.ts";
import type { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import type { SeededPerson } from "./seed.ts";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
type Named = SeededPerson & { lastName: string };

/** "Quince Canteen": the board on a phone, as a day's agenda (schedule-agenda.e2e.test.ts). */
export interface AgendaSeed {
  organization: string;
  zone: string;
  /** Monday of next week in the board's zone: the seeded week. */
  weekStart: string;
  board: { id: string; name: string };
  jobs: { grill: string; floor: string };
  /** The owner looking at the board on a phone in English, and one in Arabic. */
  owner: Named;
  ownerArabic: Named;
  /**
   * Monday: Sami 09:00–17:00 on the grill (published), Lina 12:00–20:00 on the floor (a draft), an open
   * grill shift 10:00–14:00. Tuesday: nothing. Wednesday: Sami 08:00–16:00 (a draft); Karim off all day on
   * approved vacation.
   */
  sami: Named;
  lina: Named;
  karim: Named;
}

export async function seedAgenda(
  db: Db,
  organization: (title: string) => Promise<string>,
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
): Promise<AgendaSeed> {
  const title = "Quince Canteen";
  const zone = "Asia/Beirut";
  const quince = await organization(title);
  const seeded = async (first: string, last: string, national: string, language = "en") => ({
    id: await person(first, last, national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
    lastName: last,
  });
  const owner = await seeded("Hiba", "Quince", "70618001");
  const ownerArabic = await seeded("هبة", "السفرجل", "70618002", "ar");
  const sami = await seeded("Sami", "Grill", "70618010");
  const lina = await seeded("Lina", "Floor", "70618011");
  const karim = await seeded("Karim", "Away", "70618012");
  const weekStart = addDays(weekOf(todayIn(zone), zone, 1).startDate, 7);
  const [monday, wednesday] = [weekStart, addDays(weekStart, 2)];

  const ids = await withOrganization(db, quince, async (tx) => {
    await tx.insertInto("organization_settings").values({ organization_id: quince, time_zone: zone }).execute();
    await tx
      .insertInto("memberships")
      .values([
        { organization_id: quince, user_id: owner.id, role: "OWNER" as const },
        { organization_id: quince, user_id: ownerArabic.id, role: "OWNER" as const },
        ...[sami, lina, karim].map((who) => ({ organization_id: quince, user_id: who.id, role: "EMPLOYEE" as const })),
      ])
      .execute();
    const job = async (name: string, color: string) =>
      (
        await tx
          .insertInto("jobs")
          .values({ organization_id: quince, name, color })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const grill = await job("Grill", "#e8590c");
    const floor = await job("Floor", "#1971c2");
    const board = (
      await tx
        .insertInto("job_schedulers")
        .values({ organization_id: quince, name: "Canteen", time_zone: zone, week_start: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await tx
      .insertInto("membership_jobs")
      .values([
        { organization_id: quince, user_id: sami.id, job_id: grill },
        { organization_id: quince, user_id: lina.id, job_id: floor },
        { organization_id: quince, user_id: karim.id, job_id: grill },
      ])
      .execute();
    await tx
      .insertInto("job_scheduler_jobs")
      .values([grill, floor].map((id) => ({ organization_id: quince, job_scheduler_id: board, job_id: id })))
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values([sami, lina, karim].map((who) => ({ organization_id: quince, job_scheduler_id: board, user_id: who.id })))
      .execute();
    const shift = (
      userId: string | null,
      jobId: string,
      date: string,
      from: string,
      to: string,
      published: boolean,
    ) => {
      const { startsAt, endsAt } = shiftInstants(date, from, to, zone);
      const row = {
        organization_id: quince,
        job_scheduler_id: board,
        user_id: userId,
        job_id: jobId,
        starts_at: startsAt,
        ends_at: endsAt,
        break_minutes: 0,
      };
      return published
        ? {
            ...row,
            published_at: new Date(),
            published_user_id: userId,
            published_job_id: jobId,
            published_starts_at: startsAt,
            published_ends_at: endsAt,
            published_break_minutes: 0,
          }
        : row;
    };
    await tx
      .insertInto("shifts")
      .values([
        shift(sami.id, grill, monday, "09:00", "17:00", true),
        shift(lina.id, floor, monday, "12:00", "20:00", false),
        shift(null, grill, monday, "10:00", "14:00", false),
        shift(sami.id, grill, wednesday, "08:00", "16:00", false),
      ])
      .execute();

    // Karim's approved vacation on Wednesday, as deciding a request writes it.
    const vacation = (
      await tx
        .insertInto("leave_types")
        .values({ organization_id: quince, name: "Vacation", color: "#2b8a3e", paid: true })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const request = await tx
      .insertInto("requests")
      .values({
        organization_id: quince,
        kind: "time_off",
        status: "approved",
        author_id: karim.id,
        shift_id: null,
        other_shift_id: null,
        to_user_id: null,
        taker_id: null,
        accepted_at: null,
        entry_id: null,
        board_id: null,
        job_id: null,
        day: wednesday,
        ends_on: wednesday,
        leave_type_id: vacation,
        details: JSON.stringify({}),
        note: null,
        decided_by: owner.id,
        decided_at: new Date(),
        decision_reason: null,
        refusal_reason: null,
        closed_code: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const day = dayOf(wednesday, zone);
    await tx
      .insertInto("time_off_days")
      .values({
        organization_id: quince,
        request_id: request.id,
        user_id: karim.id,
        day: wednesday,
        minutes: 480,
        starts_at: day.startsAt,
        ends_at: day.endsAt,
      })
      .execute();
    return { board, grill, floor };
  });
  const strip = ({ id: _id, ...rest }: Named & { id: string }): Named => rest;
  return {
    organization: title,
    zone,
    weekStart,
    board: { id: ids.board, name: "Canteen" },
    jobs: { grill: ids.grill, floor: ids.floor },
    owner: strip(owner),
    ownerArabic: strip(ownerArabic),
    sami: strip(sami),
    lina: strip(lina),
    karim: strip(karim),
  };
}
