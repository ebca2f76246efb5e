import { invitationExpiry, newInvitationToken } from "../server/src/invitations/tokens.ts";
import type { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import type { SeededPerson } from "./seed.ts";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/** "مقهى الياسمين": numbers and identifiers inside Arabic text, at 390 px (rtl.e2e.test.ts). */
export interface RtlSeed {
  organization: string;
  /** Arabic-speaking owner, one per test so they never share a session's budget. */
  ownerCodeScreen: SeededPerson;
  ownerSettings: SeededPerson;
  ownerPeople: SeededPerson;
  ownerNotice: SeededPerson;
  zipCode: string;
  /** A long job name that the invited people's cards have to fit beside their invitation. */
  job: string;
}

export async function seedRtl(
  db: Db,
  organization: (title: string) => Promise<string>,
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
): Promise<RtlSeed> {
  const title = "مقهى الياسمين";
  const zipCode = "1103 2040";
  const job = "مساعد مطبخ رئيسي للفترة المسائية";
  const jasmine = await organization(title);
  await db
    .updateTable("organizations")
    .set({ country_code: "LB", address: "شارع الحمرا، بناية 3", zip_code: zipCode })
    .where("id", "=", jasmine)
    .execute();
  const seeded = async (first: string, national: string) => ({
    id: await person(first, "الياسمين", national, "ar"),
    phone: `+961${national}`,
    national,
    firstName: first,
  });
  const owners = {
    ownerCodeScreen: await seeded("سارة", "71597801"),
    ownerSettings: await seeded("ليلى", "71597802"),
    ownerPeople: await seeded("ريما", "71597803"),
    ownerNotice: await seeded("هالة", "71597804"),
  };
  const invited = [await person("كريم", "المطبخ", "71597810", "ar"), await person("جود", "المطبخ", "71597811", "ar")];
  const now = new Date();
  await withOrganization(db, jasmine, async (tx) => {
    await tx
      .insertInto("memberships")
      .values(
        Object.values(owners).map((owner) => ({ organization_id: jasmine, user_id: owner.id, role: "OWNER" as const })),
      )
      .execute();
    const { id: jobId } = await tx
      .insertInto("jobs")
      .values({ organization_id: jasmine, name: job, color: "#2f9e44" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("memberships")
      .values(
        invited.map((userId) => ({
          organization_id: jasmine,
          user_id: userId,
          role: "EMPLOYEE" as const,
          status: "invited" as const,
        })),
      )
      .execute();
    await tx
      .insertInto("membership_jobs")
      .values(invited.map((userId) => ({ organization_id: jasmine, user_id: userId, job_id: jobId })))
      .execute();
    await tx
      .insertInto("invitations")
      .values(
        invited.map((userId) => ({
          organization_id: jasmine,
          user_id: userId,
          token_hash: newInvitationToken().hash,
          invited_by: owners.ownerPeople.id,
          channel: "sms" as const,
          expires_at: invitationExpiry(now),
          created_at: now,
        })),
      )
      .execute();
  });
  const strip = ({ id: _id, ...rest }: SeededPerson & { id: string }): SeededPerson => rest;
  return {
    organization: title,
    ownerCodeScreen: strip(owners.ownerCodeScreen),
    ownerSettings: strip(owners.ownerSettings),
    ownerPeople: strip(owners.ownerPeople),
    ownerNotice: strip(owners.ownerNotice),
    zipCode,
    job,
  };
}
