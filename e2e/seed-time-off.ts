import { addDays, shiftInstants, todayIn, weekOf } from "../packages/contracts/src/index.ts";
import type { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import type { SeededPerson } from "./seed.ts";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
type Named = SeededPerson & { lastName: string };

/** "Palm Court Hotel": time off end to end (time-off.e2e.test.ts). */
export interface TimeOffSeed {
  organization: string;
  zone: string;
  /** First day (a Monday) of the week after next in the board's zone: the leave is asked for its Monday and Tuesday. */
  weekStart: string;
  board: { id: string; name: string };
  job: string;
  /** Owner who sets the policy up and decides, in English at 1440 px. */
  owner: Named;
  /** Owner who looks at the calendar in Arabic at 390 px. */
  ownerArabic: Named;
  /** Works Monday to Friday 09:00–17:00 that week at the front desk; started two years ago; asks for two days. */
  nour: Named;
  /** On the same job, with no leave (the calendar counts one of three off). */
  sami: Named;
  /** Arabic-speaking employee whose /my time off is looked at at 390 px. */
  lina: Named;
}

export async function seedTimeOff(
  db: Db,
  organization: (title: string) => Promise<string>,
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
): Promise<TimeOffSeed> {
  const title = "Palm Court Hotel";
  const zone = "Asia/Beirut";
  const palm = await organization(title);
  const seeded = async (first: string, last: string, national: string, language = "en") => ({
    id: await person(first, last, national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
    lastName: last,
  });
  const owner = await seeded("Maya", "Palm", "70900001");
  const ownerArabic = await seeded("مايا", "النخيل", "70900002", "ar");
  const nour = await seeded("Nour", "Leave", "70900010");
  const sami = await seeded("Sami", "Away", "70900011");
  const lina = await seeded("لينا", "المكتب", "70900012", "ar");
  // The week after next: always ahead, whatever today's weekday.
  const weekStart = addDays(weekOf(todayIn(zone), zone, 1).startDate, 14);
  const twoYearsAgo = addDays(todayIn(zone), -730);

  const board = await withOrganization(db, palm, async (tx) => {
    await tx.updateTable("organizations").set({ country_code: "LB" }).where("id", "=", palm).execute();
    await tx.insertInto("organization_settings").values({ organization_id: palm, time_zone: zone }).execute();
    await tx
      .insertInto("memberships")
      .values([
        { organization_id: palm, user_id: owner.id, role: "OWNER" as const },
        // Joined after Maya: the default leave types are named in the oldest owner's language.
        {
          organization_id: palm,
          user_id: ownerArabic.id,
          role: "OWNER" as const,
          created_at: new Date(Date.now() + 60_000),
        },
        ...[nour, sami, lina].map((who) => ({
          organization_id: palm,
          user_id: who.id,
          role: "EMPLOYEE" as const,
          started_on: twoYearsAgo,
        })),
      ])
      .execute();
    const job = (
      await tx
        .insertInto("jobs")
        .values({ organization_id: palm, name: "Reception", color: "#1971c2" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const boardId = (
      await tx
        .insertInto("job_schedulers")
        .values({ organization_id: palm, name: "Front desk", time_zone: zone, week_start: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const staff = [nour, sami, lina];
    await tx
      .insertInto("membership_jobs")
      .values(staff.map((who) => ({ organization_id: palm, user_id: who.id, job_id: job })))
      .execute();
    await tx
      .insertInto("job_scheduler_jobs")
      .values({ organization_id: palm, job_scheduler_id: boardId, job_id: job })
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(staff.map((who) => ({ organization_id: palm, job_scheduler_id: boardId, user_id: who.id })))
      .execute();
    const published = (userId: string | null, date: string) => {
      const { startsAt, endsAt } = shiftInstants(date, "09:00", "17:00", zone);
      return {
        organization_id: palm,
        job_scheduler_id: boardId,
        user_id: userId,
        job_id: job,
        starts_at: startsAt,
        ends_at: endsAt,
        break_minutes: 0,
        published_at: new Date(),
        published_user_id: userId,
        published_job_id: job,
        published_starts_at: startsAt,
        published_ends_at: endsAt,
        published_break_minutes: 0,
      };
    };
    await tx
      .insertInto("shifts")
      .values([0, 1, 2, 3, 4].map((n) => published(nour.id, addDays(weekStart, n))))
      .execute();
    return boardId;
  });
  const strip = ({ id: _id, ...rest }: Named & { id: string }): Named => rest;
  return {
    organization: title,
    zone,
    weekStart,
    board: { id: board, name: "Front desk" },
    job: "Reception",
    owner: strip(owner),
    ownerArabic: strip(ownerArabic),
    nour: strip(nour),
    sami: strip(sami),
    lina: strip(lina),
  };
}
