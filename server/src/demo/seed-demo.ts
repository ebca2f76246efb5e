import { randomUUID } from "node:crypto";
import { avatarColor } from "../auth/people.ts";
import { invitationExpiry, newInvitationToken } from "../invitations/tokens.ts";
import { recordAudit } from "../lib/db/audit.ts";
import type { Db } from "../lib/db/database.ts";
import { withOrganization, withUser } from "../lib/db/tenancy.ts";
import { DEMO_BOARDS, DEMO_JOBS, DEMO_OWNER, DEMO_SUPERVISOR, DEMO_TITLE, demoPeople } from "./demo-data.ts";
import { demoEntries } from "./demo-entries.ts";
import { demoShifts } from "./demo-shifts.ts";

export type SeedResult = { created: true; organizationId: string } | { created: false; organizationId: string };

export class SeedRefused extends Error {}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Creates the demo company in one transaction: its owner and a supervisor
 * with known phones, 3 boards, 8 jobs, 60 people (active, a few invited and
 * archived). Running it again finds the company and changes nothing; if one
 * of its phone numbers belongs to someone else, it refuses and writes nothing.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<SeedResult> {
  const owner = await db.selectFrom("users").select("id").where("phone", "=", DEMO_OWNER.phone).executeTakeFirst();
  if (owner) {
    const existing = await withUser(db, owner.id, (tx) =>
      tx
        .selectFrom("memberships")
        .innerJoin("organizations", "organizations.id", "memberships.organization_id")
        .select("organizations.id")
        .where("memberships.user_id", "=", owner.id)
        .where("memberships.role", "=", "OWNER")
        .where("organizations.title", "=", DEMO_TITLE)
        .executeTakeFirst(),
    );
    if (existing) return { created: false, organizationId: existing.id };
  }
  const people = demoPeople();
  const phones = [DEMO_OWNER.phone, DEMO_SUPERVISOR.phone, ...people.map((person) => person.phone)];
  const taken = await db.selectFrom("users").select("phone").where("phone", "in", phones).execute();
  if (taken.length > 0) {
    throw new SeedRefused(
      `the demo's phone numbers are already used by other accounts (${taken
        .map((row) => `+${row.phone}`)
        .slice(0, 3)
        .join(", ")}${taken.length > 3 ? ", …" : ""}); use a fresh database (another DATA_DIR) for the demo.`,
    );
  }

  const organizationId = randomUUID();
  await withOrganization(db, organizationId, async (tx) => {
    await tx
      .insertInto("organizations")
      .values({
        id: organizationId,
        title: DEMO_TITLE,
        employee_count: "51-100",
        industry: "hospitality",
        country_code: "LB",
        address: "Hamra Street 112, Beirut",
        zip_code: "1103",
      })
      .execute();
    await tx
      .insertInto("organization_settings")
      .values({ organization_id: organizationId, time_zone: "Asia/Beirut" })
      .execute();

    const leads = [
      { ...DEMO_OWNER, id: randomUUID(), role: "OWNER" as const, permissions: [] as string[] },
      { ...DEMO_SUPERVISOR, id: randomUUID(), role: "SUPERVISOR" as const },
    ];
    const ownerId = leads[0]?.id ?? "";
    const staff = people.map((person) => ({ ...person, id: randomUUID() }));
    await tx
      .insertInto("users")
      .values(
        [...leads, ...staff].map((person) => ({
          id: person.id,
          first_name: person.first_name,
          last_name: person.last_name,
          phone: person.phone,
          email: "email" in person ? person.email : null,
          language: person.language,
          color: avatarColor(person.phone),
        })),
      )
      .execute();
    await tx
      .insertInto("memberships")
      .values([
        ...leads.map((lead) => ({
          organization_id: organizationId,
          user_id: lead.id,
          role: lead.role,
          permissions: lead.permissions,
        })),
        ...staff.map((person) => ({
          organization_id: organizationId,
          user_id: person.id,
          role: person.role,
          permissions: person.permissions,
          status: person.status,
          hourly_rate: person.hourly_rate,
          invited_by: ownerId,
          archived_at: person.status === "archived" ? now : null,
          // Until they accept, the organization sees the person as it typed them (as an invite records it).
          ...(person.status === "invited"
            ? {
                invited_first_name: person.first_name,
                invited_last_name: person.last_name,
                invited_phone: person.phone,
                invited_email: "email" in person ? person.email : null,
              }
            : {}),
        })),
      ])
      .execute();
    await breathe();

    const boards = await tx
      .insertInto("job_schedulers")
      .values(
        DEMO_BOARDS.map((name, index) => ({
          organization_id: organizationId,
          name,
          time_zone: "Asia/Beirut",
          created_at: new Date(now.getTime() + index),
        })),
      )
      .returning(["id", "name"])
      .execute();
    const boardId = (index: number) => boards.find((board) => board.name === DEMO_BOARDS[index])?.id ?? "";
    const jobs = await tx
      .insertInto("jobs")
      .values(
        DEMO_JOBS.map((job) => ({
          organization_id: organizationId,
          name: job.name,
          color: job.color,
          hourly_rate: job.rate,
        })),
      )
      .returning(["id", "name"])
      .execute();
    const jobId = (index: number) => jobs.find((job) => job.name === DEMO_JOBS[index]?.name)?.id ?? "";

    await tx
      .insertInto("job_scheduler_jobs")
      .values(
        DEMO_JOBS.flatMap((job, index) =>
          job.boards.map((board) => ({
            organization_id: organizationId,
            job_scheduler_id: boardId(board),
            job_id: jobId(index),
          })),
        ),
      )
      .execute();
    await tx
      .insertInto("membership_jobs")
      .values(
        staff.flatMap((person) =>
          person.jobs.map((job) => ({ organization_id: organizationId, user_id: person.id, job_id: jobId(job) })),
        ),
      )
      .execute();
    // The supervisor runs every board; the others are on their jobs' boards.
    await tx
      .insertInto("job_scheduler_members")
      .values([
        ...DEMO_BOARDS.map((_, index) => ({
          organization_id: organizationId,
          job_scheduler_id: boardId(index),
          user_id: leads[1]?.id ?? "",
        })),
        ...staff.flatMap((person) =>
          person.boards.map((board) => ({
            organization_id: organizationId,
            job_scheduler_id: boardId(board),
            user_id: person.id,
          })),
        ),
      ])
      .execute();
    // This week published, next week drafted, a few open shifts on each board.
    const shifts = demoShifts(
      organizationId,
      staff
        .map((person, index) => ({ person, index }))
        .filter(({ person }) => person.status === "active" && person.boards.length > 0)
        .map(({ person, index }) => ({
          id: person.id,
          index,
          boardId: boardId(person.boards[0] ?? 0),
          jobId: person.jobs.length > 0 ? jobId(person.jobs[0] ?? 0) : null,
        })),
      DEMO_JOBS.flatMap((job, index) => job.boards.map((board) => ({ boardId: boardId(board), jobId: jobId(index) }))),
      "Asia/Beirut",
      1,
      now,
    );
    const withIds = shifts.map((shift) => ({ ...shift, id: randomUUID() }));
    for (let from = 0; from < withIds.length; from += 500) {
      await tx
        .insertInto("shifts")
        .values(withIds.slice(from, from + 500))
        .execute();
      await breathe();
    }
    // What people clocked against this week's shifts so far (a few late, one forgotten clock-out).
    const clocked = demoEntries(withIds, now);
    for (let from = 0; from < clocked.entries.length; from += 500) {
      await tx
        .insertInto("time_entries")
        .values(clocked.entries.slice(from, from + 500))
        .execute();
      await breathe();
    }
    for (let from = 0; from < clocked.punches.length; from += 500) {
      await tx
        .insertInto("time_punches")
        .values(clocked.punches.slice(from, from + 500))
        .execute();
      await breathe();
    }
    // The invited ones have a link out (its token is not kept: "Resend" on their page sends a new one).
    const invited = staff.filter((person) => person.status === "invited");
    if (invited.length) {
      await tx
        .insertInto("invitations")
        .values(
          invited.map((person) => ({
            organization_id: organizationId,
            user_id: person.id,
            token_hash: newInvitationToken().hash,
            invited_by: ownerId,
            channel: "sms" as const,
            expires_at: invitationExpiry(now),
            created_at: now,
          })),
        )
        .execute();
    }
    await recordAudit(
      tx,
      { organizationId, userId: null },
      {
        action: "demo.seeded",
        targetType: "organization",
        targetId: organizationId,
        after: {
          people: staff.length + leads.length,
          jobs: jobs.length,
          boards: boards.length,
          shifts: shifts.length,
          time_entries: clocked.entries.length,
        },
      },
    );
  });
  return { created: true, organizationId };
}

/** What to tell the person who ran the seed. */
export function signInInstructions(created: boolean): string {
  const people = demoPeople();
  const employee = people.find(
    (person) => person.language === "en" && person.status === "active" && person.role === "EMPLOYEE",
  );
  const count = (status: string) => people.filter((person) => person.status === status).length;
  const format = (phone: string) => `+${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`;
  return [
    created
      ? `Created the demo company "${DEMO_TITLE}": ${DEMO_BOARDS.length} schedule boards, ${DEMO_JOBS.length} jobs, ${people.length + 2} people (${count("invited")} invited, ${count("archived")} archived), this week's shifts published and next week's drafted.`
      : `The demo company "${DEMO_TITLE}" is already there; nothing was changed.`,
    "",
    "Sign in (npm start, then http://localhost:3000/signin, country Lebanon) as:",
    `  owner       ${DEMO_OWNER.first_name} ${DEMO_OWNER.last_name}   ${format(DEMO_OWNER.phone)}`,
    `  supervisor  ${DEMO_SUPERVISOR.first_name} ${DEMO_SUPERVISOR.last_name}    ${format(DEMO_SUPERVISOR.phone)}`,
    `  employee    ${employee?.first_name} ${employee?.last_name}  ${format(employee?.phone ?? "")}`,
    "The 4-digit code appears on the server's console and at http://localhost:3000/api/dev/outbox.",
  ].join("\n");
}
