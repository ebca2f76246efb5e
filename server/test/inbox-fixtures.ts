import { type AvailabilityChange, addDays, dayOf } from "@workshift/contracts";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import type { RequestDetails, ShiftSnapshot } from "../src/requests/records.ts";
import { testDatabase } from "./database.ts";

/**
 * Request rows made straight in the database, as the request routes would
 * store them (the inbox only reads them). People are accounts here.
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

/** A shift as a request records it when asked: its published values. */
export async function snapshotOf(organizationId: string, shiftId: string): Promise<ShiftSnapshot> {
  const row = await inOrg(organizationId, (tx) =>
    tx
      .selectFrom("shifts")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .where("id", "=", shiftId)
      .executeTakeFirstOrThrow(),
  );
  return {
    id: row.id,
    board_id: row.job_scheduler_id,
    job_id: row.published_job_id,
    user_id: row.published_user_id,
    starts_at: new Date(row.published_starts_at ?? row.starts_at).toISOString(),
    ends_at: new Date(row.published_ends_at ?? row.ends_at).toISOString(),
    break_minutes: row.published_break_minutes ?? row.break_minutes,
  };
}

export interface RequestFixture {
  kind: "claim" | "cover" | "swap" | "availability" | "correction" | "time_off" | "time_off_cancel";
  status?: "offered" | "pending" | "approved" | "declined" | "refused" | "cancelled" | "expired";
  author: string;
  day: string;
  shift?: string;
  otherShift?: string;
  toUser?: string | null;
  taker?: string | null;
  entry?: string | null;
  board?: string | null;
  job?: string | null;
  change?: AvailabilityChange;
  correction?: RequestDetails["correction"];
  note?: string | null;
  createdAt?: string;
  decidedBy?: string | null;
  /** time_off, time_off_cancel: the leave type, the leave (stored with its days, 480 minutes each, in Paris), the leave cancelled. */
  leaveType?: string;
  leave?: { from: string; to: string };
  cancels?: string;
}

/** Inserts a request (snapshots of its shifts taken now); its id. */
export async function requestIn(organizationId: string, fixture: RequestFixture): Promise<string> {
  const details: RequestDetails = {};
  if (fixture.shift) details.shift = await snapshotOf(organizationId, fixture.shift);
  if (fixture.otherShift) details.other_shift = await snapshotOf(organizationId, fixture.otherShift);
  if (fixture.change) details.change = fixture.change;
  if (fixture.correction) details.correction = fixture.correction;
  const leaveDays: string[] = [];
  if (fixture.leave) {
    for (let day = fixture.leave.from; day <= fixture.leave.to; day = addDays(day, 1)) leaveDays.push(day);
    details.time_off = {
      from: fixture.leave.from,
      to: fixture.leave.to,
      part: null,
      minutes: 480 * leaveDays.length,
      days: leaveDays.map((day) => ({ day, minutes: 480, basis: "day", holiday: null })),
      time_zone: "Europe/Paris",
      shifts_action: null,
    };
  }
  const status = fixture.status ?? "pending";
  const decided = status === "approved" || status === "declined";
  const row = await inOrg(organizationId, (tx) =>
    tx
      .insertInto("requests")
      .values({
        organization_id: organizationId,
        kind: fixture.kind,
        status,
        author_id: fixture.author,
        shift_id: fixture.shift ?? null,
        other_shift_id: fixture.otherShift ?? null,
        to_user_id: fixture.toUser ?? null,
        taker_id: fixture.taker ?? null,
        entry_id: fixture.entry ?? null,
        board_id: fixture.board ?? details.shift?.board_id ?? null,
        job_id: fixture.job ?? details.shift?.job_id ?? null,
        day: fixture.day,
        details: JSON.stringify(details),
        note: fixture.note ?? null,
        decided_by: decided ? (fixture.decidedBy ?? null) : null,
        decided_at: decided ? new Date() : null,
        decision_reason: status === "declined" ? "Not this week" : null,
        closed_code: status === "expired" ? "shift_started" : null,
        ...(fixture.createdAt ? { created_at: fixture.createdAt, updated_at: fixture.createdAt } : {}),
        leave_type_id: fixture.leaveType ?? null,
        cancels_request_id: fixture.cancels ?? null,
        ends_on: fixture.leave?.to ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  if (fixture.kind === "time_off" && leaveDays.length > 0) {
    await inOrg(organizationId, (tx) =>
      tx
        .insertInto("time_off_days")
        .values(
          leaveDays.map((day) => {
            const range = dayOf(day, "Europe/Paris");
            return {
              organization_id: organizationId,
              request_id: row.id,
              user_id: fixture.author,
              day,
              minutes: 480,
              starts_at: range.startsAt,
              ends_at: range.endsAt,
            };
          }),
        )
        .execute(),
    );
  }
  return row.id;
}

/** A time entry made straight in the database (a punch's or a manager's); its id. */
export async function entryIn(
  organizationId: string,
  entry: {
    user: string;
    job?: string | null;
    shift?: string | null;
    clockIn: string;
    clockOut: string | null;
    breaks?: { starts_at: string; ends_at: string | null }[];
  },
): Promise<string> {
  const row = await inOrg(organizationId, (tx) =>
    tx
      .insertInto("time_entries")
      .values({
        organization_id: organizationId,
        user_id: entry.user,
        job_id: entry.job ?? null,
        shift_id: entry.shift ?? null,
        clock_in_at: entry.clockIn,
        clock_out_at: entry.clockOut,
        breaks: JSON.stringify(entry.breaks ?? []),
        source: "punch",
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** Runs an update on the organization's rows (moving a shift, bumping an entry, approving a period). */
export async function changeRows(organizationId: string, work: Parameters<typeof withOrganization<void>>[2]) {
  await inOrg(organizationId, work);
}

/** Puts an availability rule in force for a person (account). */
export async function availabilityIn(
  organizationId: string,
  rule: {
    user: string;
    kind: "unavailable" | "prefer" | "available";
    weekday?: number | null;
    day?: string | null;
    start?: number | null;
    end?: number | null;
    from?: string | null;
    until?: string | null;
    note?: string | null;
  },
) {
  await inOrg(organizationId, (tx) =>
    tx
      .insertInto("availability_rules")
      .values({
        organization_id: organizationId,
        user_id: rule.user,
        kind: rule.kind,
        weekday: rule.weekday ?? null,
        day: rule.day ?? null,
        start_minute: rule.start ?? null,
        end_minute: rule.end ?? null,
        effective_from: rule.from ?? null,
        effective_until: rule.until ?? null,
        note: rule.note ?? null,
      })
      .execute(),
  );
}
