import { addDays, shiftInstants, todayIn, weekOf } from "../packages/contracts/src/index.ts";
import type { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import type { SeededPerson } from "./seed.ts";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
type Named = SeededPerson & { lastName: string };

/** "Fig Tree Bistro": requests end to end (requests.e2e.test.ts). */
export interface RequestsSeed {
  organization: string;
  zone: string;
  /** First day of next week in the board's zone (every shift is ahead, so it can be asked for). */
  weekStart: string;
  board: { id: string; name: string };
  job: string;
  /** Owner deciding in English at 1440 px; another owner deciding in Arabic at 390 px. */
  owner: Named;
  ownerArabic: Named;
  /** A third owner who watches the board while Rana decides. */
  watcher: Named;
  /** Works Mon, Tue, Thu, Fri, Sat 09:00–17:00 next week (40 h): claiming the open Wednesday makes overtime. */
  karim: Named;
  /** Works Thursday 09:00–17:00 next week on the same job; gives it away. */
  dana: Named;
  /** On the job with no shift next week: takes Dana's Thursday. */
  joud: Named;
  /** Sets her availability (availability changes need approval in this organization). */
  tala: Named;
  /** Arabic-speaking employee: her /my requests page is looked at at 390 px. */
  salwa: Named;
  /** A platform admin (no membership): enters the organization and reaches its inbox. */
  admin: Named;
}

/** The day of next week, 0 = its first day (a Monday). */
const day = (weekStart: string, n: number) => addDays(weekStart, n);

export async function seedRequests(
  db: Db,
  organization: (title: string) => Promise<string>,
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
): Promise<RequestsSeed> {
  const title = "Fig Tree Bistro";
  const zone = "Asia/Beirut";
  const fig = await organization(title);
  const seeded = async (first: string, last: string, national: string, language = "en") => ({
    id: await person(first, last, national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
    lastName: last,
  });
  const owner = await seeded("Rana", "Fig", "70800001");
  const ownerArabic = await seeded("رنا", "التين", "70800002", "ar");
  const watcher = await seeded("Maher", "Fig", "70800004");
  const karim = await seeded("Karim", "Claims", "70800010");
  const dana = await seeded("Dana", "Gives", "70800011");
  const joud = await seeded("Joud", "Takes", "70800012");
  const tala = await seeded("Tala", "Sets", "70800013");
  const salwa = await seeded("سلوى", "الطاهي", "70800014", "ar");
  const admin = await seeded("Adel", "Platform", "70800003");
  await db.updateTable("users").set({ is_platform_admin: true }).where("id", "=", admin.id).execute();
  const weekStart = addDays(weekOf(todayIn(zone), zone, 1).startDate, 7);

  const ids = await withOrganization(db, fig, async (tx) => {
    await tx
      .insertInto("organization_settings")
      .values({ organization_id: fig, time_zone: zone, availability_needs_approval: true })
      .execute();
    await tx
      .insertInto("memberships")
      .values([
        { organization_id: fig, user_id: owner.id, role: "OWNER" as const },
        { organization_id: fig, user_id: ownerArabic.id, role: "OWNER" as const },
        { organization_id: fig, user_id: watcher.id, role: "OWNER" as const },
        ...[karim, dana, joud, tala, salwa].map((who) => ({
          organization_id: fig,
          user_id: who.id,
          role: "EMPLOYEE" as const,
        })),
      ])
      .execute();
    const job = (
      await tx
        .insertInto("jobs")
        .values({ organization_id: fig, name: "Kitchen", color: "#2b8a3e", hourly_rate: 11 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const board = (
      await tx
        .insertInto("job_schedulers")
        .values({ organization_id: fig, name: "Kitchen line", time_zone: zone, week_start: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const staff = [karim, dana, joud, tala, salwa];
    await tx
      .insertInto("membership_jobs")
      .values(staff.map((who) => ({ organization_id: fig, user_id: who.id, job_id: job })))
      .execute();
    await tx
      .insertInto("job_scheduler_jobs")
      .values({ organization_id: fig, job_scheduler_id: board, job_id: job })
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(staff.map((who) => ({ organization_id: fig, job_scheduler_id: board, user_id: who.id })))
      .execute();

    // Published shifts, as people see them: the published_* columns equal the shift.
    const published = (userId: string | null, date: string) => {
      const { startsAt, endsAt } = shiftInstants(date, "09:00", "17:00", zone);
      return {
        organization_id: fig,
        job_scheduler_id: board,
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
      .values([
        ...[0, 1, 3, 4, 5].map((n) => published(karim.id, day(weekStart, n))),
        published(null, day(weekStart, 2)),
        published(dana.id, day(weekStart, 3)),
        published(salwa.id, day(weekStart, 4)),
      ])
      .execute();
    return { board };
  });
  const strip = ({ id: _id, ...rest }: Named & { id: string }): Named => rest;
  return {
    organization: title,
    zone,
    weekStart,
    board: { id: ids.board, name: "Kitchen line" },
    job: "Kitchen",
    owner: strip(owner),
    ownerArabic: strip(ownerArabic),
    watcher: strip(watcher),
    karim: strip(karim),
    dana: strip(dana),
    joud: strip(joud),
    tala: strip(tala),
    salwa: strip(salwa),
    admin: strip(admin),
  };
}
