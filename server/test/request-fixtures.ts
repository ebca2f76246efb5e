import type { Request, RequestSettings } from "@workshift/contracts";
import { sql } from "kysely";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import { bearer, memberOf, type SignedUp, signUp } from "./auth.ts";
import { personJobs } from "./board-fixtures.ts";
import { testDatabase } from "./database.ts";
import type { TestServer } from "./server.ts";
import { boardIn, jobIn, shiftIn } from "./shift-fixtures.ts";

/**
 * Requests' fixtures: a team of an owner and three employees who hold the
 * Kitchen job on a Paris board, published shifts days ahead, and what the
 * organization holds (to show a refused request wrote nothing).
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

const HOUR = 3_600_000;

/** A whole hour `days` days from now (UTC), as an ISO instant. */
export function inDays(days: number, hour = 9): string {
  const day = new Date(Date.now() + days * 24 * HOUR);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}

/** An instant `hours` hours from now (negative: ago), to the minute. */
export function inHours(hours: number): string {
  const at = new Date(Date.now() + hours * HOUR);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

export interface Team {
  owner: SignedUp;
  org: string;
  board: string;
  kitchen: string;
  amal: SignedUp;
  bilal: SignedUp;
  carla: SignedUp;
}

/** Sets a person's first name and language (messages name them and speak it). */
export async function personSettings(person: SignedUp, values: { first_name?: string; language?: string }) {
  const { db } = await testDatabase();
  await db.updateTable("users").set(values).where("id", "=", person.user.id).execute();
}

/** The owner, three employees on the Kitchen job, and a Paris board; settings as given. */
export async function requestTeam(server: TestServer, settings: Partial<RequestSettings> = {}): Promise<Team> {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris" });
  const kitchen = await jobIn(org, { name: "Kitchen" });
  const amal = await memberOf(server, org, "EMPLOYEE");
  const bilal = await memberOf(server, org, "EMPLOYEE");
  const carla = await memberOf(server, org, "EMPLOYEE");
  for (const [person, name] of [
    [owner, "Rana"],
    [amal, "Amal"],
    [bilal, "Bilal"],
    [carla, "Carla"],
  ] as const) {
    await personSettings(person, { first_name: name });
    if (person !== owner) await personJobs(org, person.user.id, [kitchen]);
  }
  if (Object.keys(settings).length > 0) await setRequestSettings(org, settings);
  return { owner, org, board, kitchen, amal, bilal, carla };
}

export async function setRequestSettings(organizationId: string, settings: Partial<RequestSettings>) {
  const { deadline_hours, ...flags } = settings;
  await inOrg(organizationId, (tx) =>
    tx
      .updateTable("organization_settings")
      .set({ ...flags, ...(deadline_hours === undefined ? {} : { request_deadline_hours: deadline_hours }) })
      .where("organization_id", "=", organizationId)
      .execute(),
  );
}

/** A published Kitchen shift on the team's board (`user`: an account, or null for an open shift). */
export function publishedShift(
  team: Pick<Team, "org" | "board" | "kitchen">,
  user: SignedUp | null,
  starts: string,
  hours = 8,
  options: { job?: string | null; board?: string } = {},
): Promise<string> {
  const ends = new Date(Date.parse(starts) + hours * HOUR).toISOString();
  return shiftIn(team.org, options.board ?? team.board, {
    user: user?.user.id ?? null,
    job: options.job === undefined ? team.kitchen : options.job,
    starts,
    ends,
    published: true,
  });
}

export function call(server: TestServer, who: SignedUp, method: string, path: string, json?: unknown) {
  return server.request(path, { method, headers: bearer(who.access), ...(json === undefined ? {} : { json }) });
}

/** Asks as `who`; the answer as given. */
export const ask = (server: TestServer, who: SignedUp, body: Record<string, unknown>) =>
  call(server, who, "POST", "/api/my/requests", body);

/** Asks, failing the test unless it is created; the request. */
export async function asked(server: TestServer, who: SignedUp, body: Record<string, unknown>): Promise<Request> {
  const response = await ask(server, who, body);
  if (response.status !== 201) throw new Error(`ask answered ${response.status}: ${response.text}`);
  return response.json<{ request: Request }>().request;
}

export const act = (
  server: TestServer,
  who: SignedUp,
  id: string,
  step: "cancel" | "accept" | "refuse",
  json?: unknown,
) => call(server, who, "POST", `/api/my/requests/${id}/${step}`, json ?? (step === "refuse" ? {} : undefined));

export const approve = (server: TestServer, who: SignedUp, request: Pick<Request, "id" | "version">) =>
  call(server, who, "POST", `/api/requests/${request.id}/approve`, { version: request.version });

export const decline = (
  server: TestServer,
  who: SignedUp,
  request: Pick<Request, "id" | "version">,
  reason = "Short-staffed",
) => call(server, who, "POST", `/api/requests/${request.id}/decline`, { version: request.version, reason });

/** Everything a request step may write in the organization, in one comparable value. */
export async function requestFootprint(organizationId: string) {
  return inOrg(organizationId, async (tx) => ({
    requests: await tx.selectFrom("requests").selectAll().orderBy("id").execute(),
    shifts: await tx.selectFrom("shifts").selectAll().orderBy("id").execute(),
    availability: await tx.selectFrom("availability_rules").selectAll().orderBy("id").execute(),
    entries: await tx.selectFrom("time_entries").selectAll().orderBy("id").execute(),
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

export async function requestRow(organizationId: string, id: string) {
  return inOrg(organizationId, (tx) =>
    tx.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
  );
}

export async function availabilityRows(organizationId: string, userId: string) {
  return inOrg(organizationId, (tx) =>
    tx
      .selectFrom("availability_rules")
      .select([
        "kind",
        "weekday",
        sql<string | null>`day::text`.as("day"),
        "start_minute",
        "end_minute",
        sql<string | null>`effective_from::text`.as("effective_from"),
        sql<string | null>`effective_until::text`.as("effective_until"),
      ])
      .where("user_id", "=", userId)
      .orderBy("weekday")
      .orderBy("effective_from")
      .orderBy("day")
      .execute(),
  );
}

/** Audit entries about requests, oldest first. */
export async function requestAudit(organizationId: string) {
  return inOrg(organizationId, (tx) =>
    tx
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "target_id", "reason", "after"])
      .where("organization_id", "=", organizationId)
      .where("target_type", "=", "request")
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  );
}

/** Messages queued to a person's phone that are about requests (not their sign-in codes), oldest first. */
export async function requestMessagesTo(person: SignedUp) {
  const { db } = await testDatabase();
  return db
    .selectFrom("outbox_messages")
    .select(["body", "language", "channel"])
    .where("recipient", "=", person.phone)
    .where("code", "is", null)
    .orderBy("seq")
    .execute();
}
