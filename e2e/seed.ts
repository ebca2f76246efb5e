import { randomUUID } from "node:crypto";
import { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";

/** People the tests sign in as, made before the server starts (like the API tests' factories). */
export interface Seed {
  /** Owner of "Cedar Café" and supervisor in "Olive Grove": chooses between two organizations. */
  twoOrgs: { phone: string; national: string; firstName: string };
  /** Owner of one organization, for the Arabic run. */
  arabic: { phone: string; national: string; firstName: string };
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
    supervisorLost: SeededPerson;
  };
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
    const join = (organizationId: string, userId: string, role: "OWNER" | "SUPERVISOR", permissions: string[] = []) =>
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
    const supervisorLost = await seeded("Ziad", "70200008");
    await join(harbor, supervisorLost.id, "SUPERVISOR", ["view_scheduler"]);
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
        supervisorLost: strip(supervisorLost),
      },
      twoOrgs: { phone: "+96170111222", national: "70111222", firstName: "Nadia" },
      arabic: { phone: "+96176333444", national: "76333444", firstName: "عمر" },
    };
  } finally {
    await database.close();
  }
}
