import { randomUUID } from "node:crypto";
import { addDays, shiftInstants, todayIn, weekOf } from "../packages/contracts/src/index.ts";
import { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import { type AccessibilitySeed, seedAccessibility } from "./seed-accessibility.ts";
import { type AgendaSeed, seedAgenda } from "./seed-agenda.ts";
import { type RequestsSeed, seedRequests } from "./seed-requests.ts";
import { type RtlSeed, seedRtl } from "./seed-rtl.ts";
import { seedTimeOff, type TimeOffSeed } from "./seed-time-off.ts";
import { seedTimesheets, type TimesheetsSeed } from "./seed-timesheets.ts";

/** People the tests sign in as, made before the server starts (like the API tests' factories). */
export interface Seed {
  /** Owner of "Cedar Café" and supervisor in "Olive Grove": chooses between two organizations. */
  twoOrgs: { phone: string; national: string; firstName: string };
  /** Owner of one organization, for the Arabic run. */
  arabic: { phone: string; national: string; firstName: string };
  /** Owner of "Nassar Logistics" whose email is verified: signs in by email (only a verified email does). */
  byEmail: { email: string; firstName: string; organization: string };
  /** Owner of "Hala Studio" whose email is not verified yet: verifies it in settings. */
  unverifiedEmail: SeededPerson & { email: string; organization: string };
  /** Owners of organizations with no jobs or boards yet (the jobs and boards flow, one per language run). */
  jobsBoards: { en: SeededPerson & { organization: string }; ar: SeededPerson & { organization: string } };
  /** "Lakeside Clinic": the team pages (people.e2e.test.ts); one owner per test, since sign-ins are 59 s apart. */
  people: {
    organization: string;
    ownerInvite: SeededPerson;
    ownerArabic: SeededPerson;
    ownerEdit: SeededPerson;
    ownerImport: SeededPerson;
    ownerList: SeededPerson;
    ownerPhone: SeededPerson;
    /** A supervisor without permissions, given view_scheduler by ownerEdit. */
    supervisor: SeededPerson;
    /** Active jobs and a schedule board, by name (the CSV refers to them). */
    jobs: string[];
    board: string;
    /** How many people the organization has (owners, the supervisor and the seeded employees). */
    total: number;
  };
  /** "Maple Diner": the scheduling board (schedule.e2e.test.ts). */
  schedule: ScheduleSeed;
  /** "Birch Bakery": the time clock (time-clock.e2e.test.ts). */
  timeClock: TimeClockSeed;
  /** "Fig Tree Bistro": requests (requests.e2e.test.ts). */
  requests: RequestsSeed;
  /** "مقهى الياسمين": numbers and identifiers in Arabic text (rtl.e2e.test.ts). */
  rtl: RtlSeed;
  /** "Palm Court Hotel": time off (time-off.e2e.test.ts). */
  timeOff: TimeOffSeed;
  /** "Quince Canteen": the board on a phone, as a day's agenda (schedule-agenda.e2e.test.ts). */
  agenda: AgendaSeed;
  /** "Willow Inn": every page with content, for axe (accessibility.e2e.test.ts). */
  accessibility: AccessibilitySeed;
  /** "Pine Clinic": more people than the timesheets' first page (timesheets-pages.e2e.test.ts). */
  timesheets: TimesheetsSeed;
  /** "Harbor Fitness" and its people, one per role and permission mix (the frame's sidebar and guard). */
  frame: {
    organization: string;
    boardId: string;
    owner: SeededPerson;
    supervisorAll: SeededPerson;
    supervisorNone: SeededPerson;
    supervisorTimesheet: SeededPerson;
    admin: SeededPerson;
    /** Each sign-in sends a code and codes are 59 s apart, so every test signs in as someone of its own. */
    ownerArabic: SeededPerson;
    ownerSettings: SeededPerson;
    ownerCompany: SeededPerson;
    /** Chooses languages while signed in (settings.e2e.test.ts). */
    ownerLanguage: SeededPerson;
    supervisorLost: SeededPerson;
    /** An employee whose phone installs /my's offline shell, and an owner whose admin pages stay out of it (app-shell.e2e.test.ts). */
    employeeShell: SeededPerson;
    ownerShell: SeededPerson;
  };
}

export interface ScheduleSeed {
  organization: string;
  /** First day of next week in the boards' zone (the tests build next week: always upcoming for /my). */
  weekStart: string;
  board: { id: string; name: string };
  arabicBoard: { id: string; name: string };
  jobs: { grill: string; floor: string };
  owner: SeededPerson;
  ownerArabic: SeededPerson;
  /** The owner of the board's undo, keyboard and focus test (schedule-undo.e2e.test.ts). */
  undoOwner: SeededPerson;
  /** A supervisor with manage_scheduler: the second manager watching the board live. */
  manager: SeededPerson;
  /** Employees on "Main hall": Sami (Grill) signs in to /my; Lina (Floor) has Wednesday 09:00–17:00 next week. */
  sami: SeededPerson & { lastName: string };
  lina: SeededPerson & { lastName: string };
  /** Employees on the Arabic board. */
  ahmad: SeededPerson & { lastName: string };
  nour: SeededPerson & { lastName: string };
}

export interface TimeClockSeed {
  organization: string;
  /** The organization's zone: one where it was about noon at seeding, so the tests' day is one day there. */
  zone: string;
  board: { id: string; name: string };
  /** The owner managing the time clock in English, and one in Arabic (screenshots). */
  owner: SeededPerson;
  ownerArabic: SeededPerson;
  /** Employees on "Bakery floor" with a published shift going on all day today: Rami (English), سلمى (Arabic). */
  rami: SeededPerson & { lastName: string };
  salma: SeededPerson & { lastName: string };
}

export interface SeededPerson {
  phone: string;
  national: string;
  firstName: string;
}

async function organization(db: Awaited<ReturnType<typeof openDatabase>>["db"], title: string) {
  const id = randomUUID();
  await db.insertInto("organizations").values({ id, title }).execute();
  return id;
}

export async function seed(dataDir: string): Promise<Seed> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  const { db } = database;
  try {
    const person = async (first: string, last: string, national: string, language: string) => {
      const user = await db
        .insertInto("users")
        .values({ first_name: first, last_name: last, phone: `961${national}`, language, color: "#0b7285" })
        .returning("id")
        .executeTakeFirstOrThrow();
      return user.id;
    };
    const join = (
      organizationId: string,
      userId: string,
      role: "OWNER" | "SUPERVISOR" | "EMPLOYEE",
      permissions: string[] = [],
    ) =>
      withOrganization(db, organizationId, (tx) =>
        tx
          .insertInto("memberships")
          .values({ organization_id: organizationId, user_id: userId, role, permissions })
          .execute(),
      );

    const nadia = await person("Nadia", "Saab", "70111222", "en");
    await join(await organization(db, "Cedar Café"), nadia, "OWNER");
    await join(await organization(db, "Olive Grove"), nadia, "SUPERVISOR", ["view_scheduler"]);

    const omar = await person("عمر", "حداد", "76333444", "ar");
    await join(await organization(db, "مخبز الأرز"), omar, "OWNER");

    const withEmail = async (userId: string, email: string, verified: boolean) =>
      db
        .updateTable("users")
        .set({ email, email_verified_at: verified ? new Date() : null })
        .where("id", "=", userId)
        .execute();
    const karim = await person("Karim", "Nassar", "70400101", "en");
    await withEmail(karim, "karim.nassar@example.com", true);
    await join(await organization(db, "Nassar Logistics"), karim, "OWNER");
    const hala = await person("Hala", "Test", "70400102", "en");
    await withEmail(hala, "hala@example.com", false);
    await join(await organization(db, "Hala Studio"), hala, "OWNER");

    const jobsBoardsOwner = async (first: string, national: string, language: string, title: string) => {
      await join(await organization(db, title), await person(first, "Test", national, language), "OWNER");
      return { phone: `+961${national}`, national, firstName: first, organization: title };
    };
    const jobsBoards = {
      en: await jobsBoardsOwner("Jana", "70390001", "en", "Juniper Kitchens"),
      ar: await jobsBoardsOwner("جنى", "70390002", "ar", "مطابخ العرعر"),
    };

    const people = await seedPeople(db, person, join);
    const schedule = await seedSchedule(db, person, join);
    const timeClock = await seedTimeClock(db, person, join);
    const requests = await seedRequests(db, (title) => organization(db, title), person);
    const timeOff = await seedTimeOff(db, (title) => organization(db, title), person);
    const agenda = await seedAgenda(db, (title) => organization(db, title), person);
    const rtl = await seedRtl(db, (title) => organization(db, title), person);
    const accessibility = await seedAccessibility(db, (title) => organization(db, title), person, zoneAtNoon());
    const timesheets = await seedTimesheets(db, (title) => organization(db, title), person, zoneAtNoon());

    const harbor = await organization(db, "Harbor Fitness");
    const board = await withOrganization(db, harbor, (tx) =>
      tx
        .insertInto("job_schedulers")
        .values({ organization_id: harbor, name: "Main floor" })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    const seeded = async (first: string, national: string): Promise<SeededPerson & { id: string }> => ({
      id: await person(first, "Test", national, "en"),
      phone: `+961${national}`,
      national,
      firstName: first,
    });
    const owner = await seeded("Olivia", "70200001");
    await join(harbor, owner.id, "OWNER");
    const supervisorAll = await seeded("Samir", "70200002");
    await join(harbor, supervisorAll.id, "SUPERVISOR", ["view_scheduler", "view_timesheet"]);
    const supervisorNone = await seeded("Sara", "70200003");
    await join(harbor, supervisorNone.id, "SUPERVISOR", []);
    const supervisorTimesheet = await seeded("Tarek", "70200004");
    await join(harbor, supervisorTimesheet.id, "SUPERVISOR", ["view_timesheet"]);
    const ownerArabic = await seeded("Layla", "70200006");
    await join(harbor, ownerArabic.id, "OWNER");
    const ownerSettings = await seeded("Maya", "70200007");
    await join(harbor, ownerSettings.id, "OWNER");
    const ownerCompany = await seeded("Nour", "70200009");
    await join(harbor, ownerCompany.id, "OWNER");
    const ownerLanguage = await seeded("Lara", "70200010");
    await join(harbor, ownerLanguage.id, "OWNER");
    const supervisorLost = await seeded("Ziad", "70200008");
    await join(harbor, supervisorLost.id, "SUPERVISOR", ["view_scheduler"]);
    const employeeShell = await seeded("Hadi", "70200011");
    await join(harbor, employeeShell.id, "EMPLOYEE");
    const ownerShell = await seeded("Rima", "70200012");
    await join(harbor, ownerShell.id, "OWNER");
    const admin = await seeded("Adam", "70200005");
    await db.updateTable("users").set({ is_platform_admin: true }).where("id", "=", admin.id).execute();
    const strip = ({ id: _id, ...rest }: SeededPerson & { id: string }): SeededPerson => rest;

    return {
      frame: {
        organization: "Harbor Fitness",
        boardId: board.id,
        owner: strip(owner),
        supervisorAll: strip(supervisorAll),
        supervisorNone: strip(supervisorNone),
        supervisorTimesheet: strip(supervisorTimesheet),
        admin: strip(admin),
        ownerArabic: strip(ownerArabic),
        ownerSettings: strip(ownerSettings),
        ownerCompany: strip(ownerCompany),
        ownerLanguage: strip(ownerLanguage),
        supervisorLost: strip(supervisorLost),
        employeeShell: strip(employeeShell),
        ownerShell: strip(ownerShell),
      },
      people,
      schedule,
      timeClock,
      requests,
      rtl,
      timeOff,
      agenda,
      accessibility,
      timesheets,
      twoOrgs: { phone: "+96170111222", national: "70111222", firstName: "Nadia" },
      arabic: { phone: "+96176333444", national: "76333444", firstName: "عمر" },
      jobsBoards,
      byEmail: { email: "karim.nassar@example.com", firstName: "Karim", organization: "Nassar Logistics" },
      unverifiedEmail: {
        phone: "+96170400102",
        national: "70400102",
        firstName: "Hala",
        email: "hala@example.com",
        organization: "Hala Studio",
      },
    };
  } finally {
    await database.close();
  }
}

/**
 * "Lakeside Clinic" for the team pages: six owners (one per test), a
 * supervisor without permissions, two jobs, a schedule board, and 130
 * employees (more than two pages of 50, so the list has to page as it scrolls).
 */
async function seedPeople(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
  join: (
    organizationId: string,
    userId: string,
    role: "OWNER" | "SUPERVISOR",
    permissions?: string[],
  ) => Promise<unknown>,
): Promise<Seed["people"]> {
  const title = "Lakeside Clinic";
  const lakeside = await organization(db, title);
  const seeded = async (first: string, national: string, language = "en"): Promise<SeededPerson & { id: string }> => ({
    id: await person(first, "Lake", national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
  });
  const owners = {
    ownerInvite: await seeded("Lina", "70500001"),
    ownerArabic: await seeded("رامي", "70500002", "ar"),
    ownerEdit: await seeded("Tamer", "70500003"),
    ownerImport: await seeded("Ines", "70500005"),
    ownerList: await seeded("Leo", "70500006"),
    ownerPhone: await seeded("Pia", "70500007"),
  };
  for (const owner of Object.values(owners)) await join(lakeside, owner.id, "OWNER");
  const supervisor = await seeded("Sami", "70500004");
  await join(lakeside, supervisor.id, "SUPERVISOR", []);

  const jobs = [
    { name: "Nurse", color: "#1971c2" },
    { name: "Reception", color: "#e8590c" },
  ];
  const board = "Day shift";
  const employees = 130;
  const users = await db
    .insertInto("users")
    .values(
      Array.from({ length: employees }, (_, index) => ({
        first_name: "Member",
        last_name: String(index + 1).padStart(3, "0"),
        phone: `96170520${String(index).padStart(3, "0")}`,
        language: "en",
        color: "#5f3dc4",
      })),
    )
    .returning("id")
    .execute();
  await withOrganization(db, lakeside, async (tx) => {
    const jobIds: string[] = [];
    for (const job of jobs) {
      const row = await tx
        .insertInto("jobs")
        .values({ organization_id: lakeside, ...job })
        .returning("id")
        .executeTakeFirstOrThrow();
      jobIds.push(row.id);
    }
    await tx.insertInto("job_schedulers").values({ organization_id: lakeside, name: board }).execute();
    await tx
      .insertInto("memberships")
      .values(users.map((user) => ({ organization_id: lakeside, user_id: user.id, role: "EMPLOYEE" as const })))
      .execute();
    await tx
      .insertInto("membership_jobs")
      .values(
        users.map((user, index) => ({ organization_id: lakeside, user_id: user.id, job_id: jobIds[index % 2] ?? "" })),
      )
      .execute();
  });

  const strip = ({ id: _id, ...rest }: SeededPerson & { id: string }): SeededPerson => rest;
  return {
    organization: title,
    ownerInvite: strip(owners.ownerInvite),
    ownerArabic: strip(owners.ownerArabic),
    ownerEdit: strip(owners.ownerEdit),
    ownerImport: strip(owners.ownerImport),
    ownerList: strip(owners.ownerList),
    ownerPhone: strip(owners.ownerPhone),
    supervisor: strip(supervisor),
    jobs: jobs.map((job) => job.name),
    board,
    total: Object.keys(owners).length + 1 + employees,
  };
}

/**
 * "Maple Diner" for the scheduling board: two boards in Beirut time (one per
 * language run), two jobs, owners, a second manager, and employees with
 * phones. Lina already works Wednesday 09:00–17:00 next week (a draft), so a
 * shift dropped on her Wednesday is refused.
 */
async function seedSchedule(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
  join: (
    organizationId: string,
    userId: string,
    role: "OWNER" | "SUPERVISOR",
    permissions?: string[],
  ) => Promise<unknown>,
): Promise<ScheduleSeed> {
  const title = "Maple Diner";
  const zone = "Asia/Beirut";
  const maple = await organization(db, title);
  const seeded = async (first: string, last: string, national: string, language = "en") => ({
    id: await person(first, last, national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
    lastName: last,
  });
  const owner = await seeded("Rita", "Maple", "70600001");
  await join(maple, owner.id, "OWNER");
  const manager = await seeded("Fadi", "Maple", "70600002");
  await join(maple, manager.id, "SUPERVISOR", ["view_scheduler", "manage_scheduler"]);
  const ownerArabic = await seeded("ريم", "القيقب", "70600003", "ar");
  await join(maple, ownerArabic.id, "OWNER");
  // Its own owner: a file signing in right after another as the same person would meet the minute between codes.
  const undoOwner = await seeded("Hala", "Maple", "70600004");
  await join(maple, undoOwner.id, "OWNER");
  const sami = await seeded("Sami", "Grill", "70600010");
  const lina = await seeded("Lina", "Floor", "70600011");
  const ahmad = await seeded("أحمد", "شواء", "70600012", "ar");
  const nour = await seeded("نور", "صالة", "70600013", "ar");
  const weekStart = addDays(weekOf(todayIn(zone), zone, 1).startDate, 7);

  const ids = await withOrganization(db, maple, async (tx) => {
    await tx.insertInto("organization_settings").values({ organization_id: maple, time_zone: zone }).execute();
    const job = (name: string, color: string, rate: number) =>
      tx
        .insertInto("jobs")
        .values({ organization_id: maple, name, color, hourly_rate: rate })
        .returning("id")
        .executeTakeFirstOrThrow();
    const grill = (await job("Grill", "#c92a2a", 12)).id;
    const floor = (await job("Floor", "#1864ab", 10)).id;
    const board = async (name: string) =>
      (
        await tx
          .insertInto("job_schedulers")
          .values({ organization_id: maple, name, time_zone: zone, week_start: 1 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const main = await board("Main hall");
    const arabic = await board("التراس");
    const staff = [
      { who: sami, job: grill, board: main },
      { who: lina, job: floor, board: main },
      { who: ahmad, job: grill, board: arabic },
      { who: nour, job: floor, board: arabic },
    ];
    await tx
      .insertInto("memberships")
      .values(staff.map(({ who }) => ({ organization_id: maple, user_id: who.id, role: "EMPLOYEE" as const })))
      .execute();
    await tx
      .insertInto("membership_jobs")
      .values(staff.map(({ who, job }) => ({ organization_id: maple, user_id: who.id, job_id: job })))
      .execute();
    await tx
      .insertInto("job_scheduler_jobs")
      .values(
        [main, arabic].flatMap((id) =>
          [grill, floor].map((job_id) => ({ organization_id: maple, job_scheduler_id: id, job_id })),
        ),
      )
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(staff.map(({ who, board }) => ({ organization_id: maple, job_scheduler_id: board, user_id: who.id })))
      .execute();
    for (const { who, job, board } of staff.filter(({ who }) => who === lina || who === nour)) {
      const { startsAt, endsAt } = shiftInstants(addDays(weekStart, 2), "09:00", "17:00", zone);
      await tx
        .insertInto("shifts")
        .values({
          organization_id: maple,
          job_scheduler_id: board,
          user_id: who.id,
          job_id: job,
          starts_at: startsAt,
          ends_at: endsAt,
          break_minutes: 30,
        })
        .execute();
    }
    return { grill, floor, main, arabic };
  });
  const strip = <T extends SeededPerson & { id: string }>({ id: _id, ...rest }: T) => rest;
  return {
    organization: title,
    weekStart,
    board: { id: ids.main, name: "Main hall" },
    arabicBoard: { id: ids.arabic, name: "التراس" },
    jobs: { grill: ids.grill, floor: ids.floor },
    owner: strip(owner),
    ownerArabic: strip(ownerArabic),
    undoOwner: strip(undoOwner),
    manager: strip(manager),
    sami: strip(sami),
    lina: strip(lina),
    ahmad: strip(ahmad),
    nour: strip(nour),
  };
}

/**
 * A zone without daylight saving where it is about noon at `now` (12:00–12:59):
 * the next hours there are all one day, whatever the hour the tests run.
 */
function zoneAtNoon(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // hours ahead of UTC, -11 … +12
  // Etc/GMT zones count the POSIX way: Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/**
 * "Birch Bakery", in a zone where it is about noon (the time clock's day,
 * week and pay period hold the whole run, and an hour earlier, whenever the
 * tests run): a board with one job, two employees on it, each with a
 * published shift running through today (so clocking in goes to it), and two
 * owners to manage the time clock (English, Arabic).
 */
async function seedTimeClock(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
  join: (
    organizationId: string,
    userId: string,
    role: "OWNER" | "SUPERVISOR",
    permissions?: string[],
  ) => Promise<unknown>,
): Promise<TimeClockSeed> {
  const title = "Birch Bakery";
  const zone = zoneAtNoon();
  const birch = await organization(db, title);
  const seeded = async (first: string, last: string, national: string, language = "en") => ({
    id: await person(first, last, national, language),
    phone: `+961${national}`,
    national,
    firstName: first,
    lastName: last,
  });
  const owner = await seeded("Maya", "Birch", "70700001");
  await join(birch, owner.id, "OWNER");
  const ownerArabic = await seeded("هدى", "البتولا", "70700002", "ar");
  await join(birch, ownerArabic.id, "OWNER");
  const rami = await seeded("Rami", "Baker", "70700010");
  const salma = await seeded("سلمى", "الخبازة", "70700011", "ar");
  const today = todayIn(zone);

  const boardId = await withOrganization(db, birch, async (tx) => {
    await tx.insertInto("organization_settings").values({ organization_id: birch, time_zone: zone }).execute();
    const job = await tx
      .insertInto("jobs")
      .values({ organization_id: birch, name: "Ovens", color: "#e8590c", hourly_rate: 15 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const board = await tx
      .insertInto("job_schedulers")
      .values({ organization_id: birch, name: "Bakery floor", time_zone: zone, week_start: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const staff = [rami, salma];
    await tx
      .insertInto("memberships")
      .values(staff.map((who) => ({ organization_id: birch, user_id: who.id, role: "EMPLOYEE" as const })))
      .execute();
    await tx
      .insertInto("membership_jobs")
      .values(staff.map((who) => ({ organization_id: birch, user_id: who.id, job_id: job.id })))
      .execute();
    await tx
      .insertInto("job_scheduler_jobs")
      .values({ organization_id: birch, job_scheduler_id: board.id, job_id: job.id })
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(staff.map((who) => ({ organization_id: birch, job_scheduler_id: board.id, user_id: who.id })))
      .execute();
    // 00:00–23:59 today (it is about noon there now): a clock-in always finds its shift going on.
    const { startsAt, endsAt } = shiftInstants(today, "00:00", "23:59", zone);
    for (const who of staff) {
      await tx
        .insertInto("shifts")
        .values({
          organization_id: birch,
          job_scheduler_id: board.id,
          user_id: who.id,
          job_id: job.id,
          starts_at: startsAt,
          ends_at: endsAt,
          break_minutes: 0,
          published_at: new Date().toISOString(),
          published_user_id: who.id,
          published_job_id: job.id,
          published_starts_at: startsAt,
          published_ends_at: endsAt,
          published_break_minutes: 0,
        })
        .execute();
    }
    return board.id;
  });
  const { id: _rami, ...ramiSeed } = rami;
  const { id: _salma, ...salmaSeed } = salma;
  return {
    organization: title,
    zone,
    board: { id: boardId, name: "Bakery floor" },
    owner: { phone: owner.phone, national: owner.national, firstName: owner.firstName },
    ownerArabic: { phone: ownerArabic.phone, national: ownerArabic.national, firstName: ownerArabic.firstName },
    rami: ramiSeed,
    salma: salmaSeed,
  };
}
