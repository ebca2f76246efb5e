import { addDays, payPeriodOf, todayIn } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../test/auth.ts";
import { boardMembers } from "../../../test/board-fixtures.ts";
import { testDatabase } from "../../../test/database.ts";
import { auditOf, makeBoard } from "../../../test/people.ts";
import { call } from "../../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import {
  leaveRequest,
  leaveTypes,
  makePolicy,
  type TimeOffTeam,
  timeOffFootprint,
  timeOffTeam,
  workedEntry,
} from "../../../test/time-off-fixtures.ts";
import { withOrganization } from "../../lib/db/tenancy.ts";
import { clockSettings } from "../../time-clock/settings.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Ledger {
  entries: { kind: string; minutes: number; effective_on: string; balance_minutes: number; reason: string | null }[];
  opening_minutes: number;
  balance_minutes: number;
}
interface Balances {
  balances: { leave_type: { id: string }; balance_minutes: number; pending_minutes: number; policy: unknown }[];
  started_on: string | null;
  day_minutes: number;
}

async function team(): Promise<TimeOffTeam & { vacation: string }> {
  const people = await timeOffTeam(server);
  const types = await leaveTypes(server, people.owner);
  return { ...people, vacation: (types[0] as { id: string }).id };
}

const balanceOf = async (t: TimeOffTeam, personId: string, typeId: string) => {
  const response = await call(server, t.owner, "GET", `/api/time-off/people/${personId}/balances`);
  expect(response.status).toBe(200);
  return response.json<Balances>().balances.find((balance) => balance.leave_type.id === typeId);
};
const ledgerOf = async (t: TimeOffTeam, personId: string, typeId: string, range = "") =>
  (
    await call(server, t.owner, "GET", `/api/time-off/people/${personId}/ledger?leave_type_id=${typeId}${range}`)
  ).json<Ledger>();

describe("a person's balances and ledger", () => {
  it("follow a yearly grant from the start date, time off taken, pending asks and adjustments", async () => {
    const t = await team();
    const policy = await makePolicy(server, t.owner, t.vacation);
    const employee = t.employee.user.person_id;
    const assigned = await call(server, t.owner, "POST", "/api/time-off/assignments", {
      user_ids: [employee],
      leave_type_id: t.vacation,
      policy_id: policy.id,
    });
    expect(assigned.json()).toEqual({ assigned: 1 });
    const patched = await call(server, t.owner, "PATCH", `/api/time-off/people/${employee}`, {
      started_on: "2025-01-01",
      day_minutes: 450,
    });
    expect(patched.status).toBe(200);
    expect(patched.json<Balances>()).toMatchObject({ started_on: "2025-01-01", day_minutes: 450 });
    // A grant on 2025-01-01 and on each 1 January since.
    const today = todayIn("UTC");
    const grants = Number(today.slice(0, 4)) - 2025 + 1;
    expect((await balanceOf(t, employee, t.vacation))?.balance_minutes).toBe(4800 * grants);

    await leaveRequest(t.org, t.employee.user.id, t.vacation, [
      { day: "2025-03-03", minutes: 480 },
      { day: "2025-03-04", minutes: 240 },
    ]);
    await leaveRequest(t.org, t.employee.user.id, t.vacation, [{ day: "2025-04-01", minutes: 480 }], "pending");
    const adjusted = await call(server, t.approver, "POST", "/api/time-off/adjustments", {
      user_id: employee,
      leave_type_id: t.vacation,
      minutes: 120,
      effective_on: "2025-02-01",
      reason: "Carried from the old system",
    });
    expect(adjusted.status).toBe(201);
    const ledger = adjusted.json<Ledger>();
    expect(
      ledger.entries.slice(0, 4).map((entry) => [entry.kind, entry.effective_on, entry.minutes, entry.balance_minutes]),
    ).toEqual([
      ["grant", "2025-01-01", 4800, 4800],
      ["adjustment", "2025-02-01", 120, 4920],
      ["taken", "2025-03-03", -480, 4440],
      ["taken", "2025-03-04", -240, 4200],
    ]);
    expect(ledger.entries[1]?.reason).toBe("Carried from the old system");
    expect(ledger.balance_minutes).toBe(4800 * grants + 120 - 720);
    const balance = await balanceOf(t, employee, t.vacation);
    expect(balance).toMatchObject({ balance_minutes: 4800 * grants - 600, pending_minutes: 480 });
    expect(await auditOf(t.org, "leave.adjust")).toHaveLength(1);

    // From a date on: the opening balance is everything before it.
    const from = await ledgerOf(t, employee, t.vacation, "&from=2025-03-04&to=2025-12-31");
    expect(from.opening_minutes).toBe(4440);
    expect(from.entries.map((entry) => entry.effective_on)).toEqual(["2025-03-04"]);
  });

  it("follow a start date change and a policy edit (everyone on it recomputed)", async () => {
    const t = await team();
    const policy = await makePolicy(server, t.owner, t.vacation, { amount_minutes: 600 });
    const people = [t.employee.user.person_id, t.approver.user.person_id];
    await call(server, t.owner, "POST", "/api/time-off/assignments", {
      user_ids: people,
      leave_type_id: t.vacation,
      policy_id: policy.id,
    });
    const year = Number(todayIn("UTC").slice(0, 4));
    for (const person of people) {
      await call(server, t.owner, "PATCH", `/api/time-off/people/${person}`, { started_on: `${year}-01-01` });
      expect((await balanceOf(t, person, t.vacation))?.balance_minutes).toBe(600);
    }
    await call(server, t.owner, "PATCH", `/api/time-off/people/${people[0]}`, { started_on: `${year - 1}-01-01` });
    expect((await balanceOf(t, people[0] as string, t.vacation))?.balance_minutes).toBe(1200);
    const edited = await call(server, t.owner, "PATCH", `/api/time-off/policies/${policy.id}`, { amount_minutes: 900 });
    expect(edited.status).toBe(200);
    expect((await balanceOf(t, people[0] as string, t.vacation))?.balance_minutes).toBe(1800);
    expect((await balanceOf(t, people[1] as string, t.vacation))?.balance_minutes).toBe(900);
    expect(await auditOf(t.org, "leavePerson.update")).toHaveLength(3);
  });

  it("accrue per hours worked as timesheets are approved, and lose it when unapproved", async () => {
    const t = await team();
    const policy = await makePolicy(server, t.owner, t.vacation, {
      accrual: "per_hours",
      amount_minutes: 60,
      per_worked_minutes: 1800,
    });
    const employee = t.employee.user.person_id;
    await call(server, t.owner, "POST", "/api/time-off/assignments", {
      user_ids: [employee],
      leave_type_id: t.vacation,
      policy_id: policy.id,
    });
    await call(server, t.owner, "PATCH", `/api/time-off/people/${employee}`, { started_on: "2025-01-01" });
    const { db } = await testDatabase();
    const settings = await withOrganization(db, t.org, (tx) => clockSettings(tx, t.org));
    const period = payPeriodOf(addDays(todayIn(settings.time_zone), -20), settings);
    const day = addDays(period.start, 1);
    await workedEntry(t.org, t.employee.user.id, `${day}T08:00:00Z`, `${day}T17:00:00Z`);
    expect((await balanceOf(t, employee, t.vacation))?.balance_minutes).toBe(0);

    const approved = await call(server, t.owner, "POST", "/api/time-clock/approvals", {
      user_id: employee,
      period_start: period.start,
    });
    expect(approved.status).toBe(204);
    // 9 h worked: 540 × 60 / 1800 = 18 minutes, dated at the period's end.
    const ledger = await ledgerOf(t, employee, t.vacation);
    expect(ledger.entries.map((entry) => [entry.kind, entry.effective_on, entry.minutes])).toEqual([
      ["accrual", period.end, 18],
    ]);

    const unlocked = await call(server, t.owner, "POST", "/api/time-clock/approvals/unlock", {
      user_id: employee,
      period_start: period.start,
      reason: "A forgotten break",
    });
    expect(unlocked.status).toBe(204);
    expect((await ledgerOf(t, employee, t.vacation)).entries).toEqual([]);
  });
});

describe("an approval made before approvals kept their worked minutes", () => {
  it("gets them from its timesheet on the first recompute, and keeps them", async () => {
    const t = await team();
    const policy = await makePolicy(server, t.owner, t.vacation, {
      accrual: "per_hours",
      amount_minutes: 60,
      per_worked_minutes: 600,
    });
    const employee = t.employee.user.person_id;
    await call(server, t.owner, "PATCH", `/api/time-off/people/${employee}`, { started_on: "2025-01-01" });
    const { db } = await testDatabase();
    const settings = await withOrganization(db, t.org, (tx) => clockSettings(tx, t.org));
    const period = payPeriodOf(addDays(todayIn(settings.time_zone), -20), settings);
    const day = addDays(period.start, 2);
    await workedEntry(t.org, t.employee.user.id, `${day}T08:00:00Z`, `${day}T13:00:00Z`);
    await withOrganization(db, t.org, (tx) =>
      tx
        .insertInto("timesheet_approvals")
        .values({
          organization_id: t.org,
          user_id: t.employee.user.id,
          period_start: period.start,
          period_end: period.end,
          approved_by: t.owner.user.id,
        })
        .execute(),
    );
    await call(server, t.owner, "POST", "/api/time-off/assignments", {
      user_ids: [employee],
      leave_type_id: t.vacation,
      policy_id: policy.id,
    });
    // 5 h worked: 300 × 60 / 600 = 30 minutes.
    expect((await ledgerOf(t, employee, t.vacation)).entries.map((entry) => [entry.kind, entry.minutes])).toEqual([
      ["accrual", 30],
    ]);
    const kept = await withOrganization(db, t.org, (tx) =>
      tx.selectFrom("timesheet_approvals").select("worked_minutes").where("organization_id", "=", t.org).execute(),
    );
    expect(kept).toEqual([{ worked_minutes: 300 }]);
  });
});

describe("a balance computed before today", () => {
  it("is recomputed when read: accruals due since appear, and a ledger tampered with is made right", async () => {
    const t = await team();
    const policy = await makePolicy(server, t.owner, t.vacation, { accrual: "per_period", amount_minutes: 240 });
    const employee = t.employee.user.person_id;
    await call(server, t.owner, "POST", "/api/time-off/assignments", {
      user_ids: [employee],
      leave_type_id: t.vacation,
      policy_id: policy.id,
    });
    await call(server, t.owner, "PATCH", `/api/time-off/people/${employee}`, { started_on: "2026-01-01" });
    const right = await ledgerOf(t, employee, t.vacation);
    expect(right.entries.length).toBeGreaterThan(0);
    expect(right.entries.every((entry) => entry.kind === "accrual" && entry.minutes === 240)).toBe(true);

    const { db } = await testDatabase();
    await withOrganization(db, t.org, async (tx) => {
      await tx.deleteFrom("leave_ledger").where("organization_id", "=", t.org).where("kind", "=", "accrual").execute();
      await tx
        .updateTable("leave_balances")
        .set({ balance_minutes: 1, computed_on: "2026-01-01" })
        .where("organization_id", "=", t.org)
        .execute();
    });
    expect(await balanceOf(t, employee, t.vacation)).toMatchObject({ balance_minutes: right.balance_minutes });
    expect(await ledgerOf(t, employee, t.vacation)).toEqual({
      ...right,
      entries: right.entries.map((entry) => ({ ...entry, id: expect.any(String), created_at: expect.any(String) })),
    });
  });
});

describe("the team's balances", () => {
  it("list the active members for a type, or one board's", async () => {
    const t = await team();
    const board = await makeBoard(t.org, "Bar");
    await boardMembers(t.org, board, [t.employee.user.id]);
    const all = await call(server, t.approver, "GET", `/api/time-off/balances?leave_type_id=${t.vacation}`);
    expect(all.status).toBe(200);
    const ids = all.json<{ people: { user_id: string }[] }>().people.map((person) => person.user_id);
    expect(ids).toEqual(expect.arrayContaining([t.owner.user.person_id, t.employee.user.person_id]));
    const onBoard = await call(server, t.supervisor, "GET", `/api/time-off/balances?board_id=${board}`);
    expect(onBoard.json<{ people: { user_id: string }[] }>().people.map((person) => person.user_id)).toEqual([
      t.employee.user.person_id,
    ]);
  });
});

describe("refusals", () => {
  it("answer 404 for another organization's people, types and boards, writing nothing", async () => {
    const t = await team();
    const other = await signUp(server);
    const otherTypes = await leaveTypes(server, other);
    const otherType = (otherTypes[0] as { id: string }).id;
    const before = await timeOffFootprint(t.org);
    const cases = [
      ["GET", `/api/time-off/people/${other.user.person_id}/balances`],
      ["GET", `/api/time-off/people/${t.employee.user.person_id}/ledger?leave_type_id=${otherType}`],
      ["GET", `/api/time-off/balances?leave_type_id=${otherType}`],
      ["GET", `/api/time-off/balances?board_id=${otherType}`],
    ] as const;
    for (const [method, path] of cases) expect((await call(server, t.owner, method, path)).status).toBe(404);
    const writes = [
      ["PATCH", `/api/time-off/people/${other.user.person_id}`, { started_on: "2025-01-01" }],
      [
        "POST",
        "/api/time-off/adjustments",
        {
          user_id: other.user.person_id,
          leave_type_id: t.vacation,
          minutes: 60,
          effective_on: "2025-01-01",
          reason: "x",
        },
      ],
      [
        "POST",
        "/api/time-off/adjustments",
        {
          user_id: t.employee.user.person_id,
          leave_type_id: otherType,
          minutes: 60,
          effective_on: "2025-01-01",
          reason: "x",
        },
      ],
    ] as const;
    for (const [method, path, body] of writes) {
      expect((await call(server, t.owner, method, path, body)).status).toBe(404);
    }
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });

  it("refuse a ledger read without a leave type (400)", async () => {
    const t = await team();
    const response = await call(server, t.owner, "GET", `/api/time-off/people/${t.employee.user.person_id}/ledger`);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ fields: { leave_type_id: "timeOff.unknownType" } });
  });

  it("refuse an adjustment without a reason or of nothing, and a start date not a date (400), writing nothing", async () => {
    const t = await team();
    const before = await timeOffFootprint(t.org);
    const base = { user_id: t.employee.user.person_id, leave_type_id: t.vacation, effective_on: "2025-01-01" };
    const noReason = await call(server, t.owner, "POST", "/api/time-off/adjustments", {
      ...base,
      minutes: 60,
      reason: " ",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json()).toMatchObject({ fields: { reason: "timeOff.reasonRequired" } });
    const zero = await call(server, t.owner, "POST", "/api/time-off/adjustments", { ...base, minutes: 0, reason: "x" });
    expect(zero.status).toBe(400);
    const badDate = await call(server, t.owner, "PATCH", `/api/time-off/people/${t.employee.user.person_id}`, {
      started_on: "2025-02-30",
    });
    expect(badDate.status).toBe(400);
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });

  it("follow the access table: view for managers, adjustments for approvers, start dates for owners", async () => {
    const t = await team();
    const employee = t.employee.user.person_id;
    const adjust = {
      user_id: employee,
      leave_type_id: t.vacation,
      minutes: 60,
      effective_on: "2025-01-01",
      reason: "Because",
    };
    for (const who of [t.owner, t.approver, t.supervisor]) {
      expect((await call(server, who, "GET", `/api/time-off/people/${employee}/balances`)).status).toBe(200);
    }
    for (const who of [t.employee, t.admin]) {
      expect((await call(server, who, "GET", `/api/time-off/people/${employee}/balances`)).status).toBe(403);
      expect((await call(server, who, "GET", "/api/time-off/balances")).status).toBe(403);
    }
    const before = await timeOffFootprint(t.org);
    for (const who of [t.supervisor, t.employee, t.admin]) {
      expect((await call(server, who, "POST", "/api/time-off/adjustments", adjust)).status).toBe(403);
    }
    for (const who of [t.approver, t.supervisor, t.employee, t.admin]) {
      const patch = await call(server, who, "PATCH", `/api/time-off/people/${employee}`, { started_on: "2025-01-01" });
      expect(patch.status).toBe(403);
    }
    expect(await timeOffFootprint(t.org)).toEqual(before);
    expect((await call(server, t.approver, "POST", "/api/time-off/adjustments", adjust)).status).toBe(201);
  });
});
