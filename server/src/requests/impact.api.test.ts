import type { InboxItem, InboxResponse, RequestImpact } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedUp, signUp } from "../../test/auth.ts";
import { boardMembers, personJobs } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { availabilityIn, changeRows, entryIn, requestIn } from "../../test/inbox-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  boardIn,
  jobIn,
  personIn,
  setOrganizationCalendar,
  setOrganizationCurrency,
  shiftIn,
} from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { requestImpacts } from "./impact.ts";
import { ReadBatch } from "./read-batch.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The impact the inbox shows for each request, by request id. */
async function impacts(who: SignedUp, query = "limit=100"): Promise<Map<string, RequestImpact>> {
  const response = await server.request(`/api/requests?${query}`, { headers: bearer(who.access) });
  expect(response.status, response.text).toBe(200);
  const items: InboxItem[] = response.json<InboxResponse>().requests;
  return new Map(items.map((item) => [item.id, item.impact as RequestImpact]));
}
const impactOf = async (who: SignedUp, id: string) => {
  const impact = (await impacts(who)).get(id);
  if (!impact) throw new Error(`request ${id} is not in the inbox`);
  return impact;
};

/** Paris is UTC+2 in June 2031; Monday 2 June starts the board's week. */
const at = (day: string, time: string) => `${day}T${time}:00.000Z`;

/** A Paris board (weeks from Monday, 40 h a week, 10 h rest), the Kitchen job, Amal and Bilal on both. */
async function kitchen() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris", weekStart: 1 });
  const job = await jobIn(org, { name: "Kitchen" });
  const amal = await personIn(org, { firstName: "Amal" });
  const bilal = await personIn(org, { firstName: "Bilal" });
  for (const person of [amal, bilal]) await personJobs(org, person.id, [job]);
  await boardMembers(org, board, [amal.id, bilal.id]);
  const shift = (
    user: string | null,
    day: string,
    from: string,
    to: string,
    options: { onBoard?: string; onJob?: string | null } = {},
  ) =>
    shiftIn(org, options.onBoard ?? board, {
      user,
      job: options.onJob === undefined ? job : options.onJob,
      starts: at(day, from),
      ends: at(day, to),
      published: true,
    });
  return { owner, org, board, job, amal, bilal, shift };
}

describe("the impact of a yes on shifts", () => {
  it("shows a claim that creates weekly overtime, who works the shift after, and the coverage left", async () => {
    const { owner, org, board, job, amal, bilal, shift } = await kitchen();
    for (const day of ["2031-06-02", "2031-06-03", "2031-06-04", "2031-06-05"])
      await shift(bilal.account, day, "07:00", "16:00");
    const open = await shift(null, "2031-06-06", "07:00", "15:00");
    await shift(null, "2031-06-06", "15:00", "21:00");
    await shift(amal.account, "2031-06-06", "07:00", "15:00");
    // Not that day's Kitchen on Downtown: another job, another board.
    await shift(null, "2031-06-06", "07:00", "15:00", { onJob: null });
    await shift(null, "2031-06-06", "07:00", "15:00", { onBoard: await boardIn(org) });
    const claim = await requestIn(org, { kind: "claim", author: bilal.account, shift: open, day: "2031-06-06" });

    const impact = await impactOf(owner, claim);
    expect(impact.blockers).toEqual([]);
    expect(impact.assignments).toEqual([{ shift_id: open, from_user_id: null, to_user_id: bilal.id }]);
    expect(impact.hours).toEqual([
      {
        user_id: bilal.id,
        week_start: "2031-06-02",
        before_minutes: 4 * 540,
        after_minutes: 4 * 540 + 480,
        limit_minutes: 2400,
      },
    ]);
    expect(impact.warnings).toEqual([
      {
        kind: "weekly_overtime",
        shift_id: open,
        user_id: bilal.id,
        minutes: 2640,
        limit_minutes: 2400,
        other_shift_id: null,
        date: "2031-06-02",
      },
    ]);
    expect(impact.coverage).toEqual({
      board_id: board,
      job_id: job,
      date: "2031-06-06",
      assigned_before: 1,
      assigned_after: 2,
      open_before: 2,
      open_after: 1,
    });
    expect(impact.availability_conflicts).toEqual([]);
    expect(impact.time_off_conflicts).toEqual([]);
    expect(impact.entry).toBeNull();
  });

  it("counts the coverage of a shift without a job among the board's day's shifts without one", async () => {
    const { owner, org, board, amal, bilal, shift } = await kitchen();
    const open = await shift(null, "2031-06-06", "07:00", "15:00", { onJob: null });
    await shift(null, "2031-06-06", "15:00", "21:00", { onJob: null });
    await shift(amal.account, "2031-06-06", "07:00", "15:00", { onJob: null });
    // Not counted: the Kitchen's shifts that day, another board's, a shift removed, another day's.
    await shift(null, "2031-06-06", "07:00", "15:00");
    await shift(bilal.account, "2031-06-06", "16:00", "22:00");
    await shift(null, "2031-06-06", "07:00", "15:00", { onBoard: await boardIn(org), onJob: null });
    const removed = await shift(null, "2031-06-06", "08:00", "12:00", { onJob: null });
    await changeRows(org, async (tx) => {
      await tx.updateTable("shifts").set({ deleted_at: sql<Date>`now()` }).where("id", "=", removed).execute();
    });
    await shift(null, "2031-06-05", "07:00", "15:00", { onJob: null });
    const claim = await requestIn(org, { kind: "claim", author: bilal.account, shift: open, day: "2031-06-06" });

    expect((await impactOf(owner, claim)).coverage).toEqual({
      board_id: board,
      job_id: null,
      date: "2031-06-06",
      assigned_before: 1,
      assigned_after: 2,
      open_before: 2,
      open_after: 1,
    });
  });

  it("shows a swap's hours for both people, each shift changing hands", async () => {
    const { owner, org, amal, bilal, shift } = await kitchen();
    await shift(amal.account, "2031-06-02", "07:00", "15:00");
    const tuesday = await shift(amal.account, "2031-06-03", "07:00", "15:00");
    const wednesday = await shift(bilal.account, "2031-06-04", "15:00", "21:00");
    // Next week's shift counts in next week only.
    await shift(bilal.account, "2031-06-09", "07:00", "15:00");
    const swap = await requestIn(org, {
      kind: "swap",
      author: amal.account,
      shift: tuesday,
      otherShift: wednesday,
      toUser: bilal.account,
      day: "2031-06-03",
    });

    const impact = await impactOf(owner, swap);
    expect(impact.blockers).toEqual([]);
    expect(impact.assignments).toEqual([
      { shift_id: tuesday, from_user_id: amal.id, to_user_id: bilal.id },
      { shift_id: wednesday, from_user_id: bilal.id, to_user_id: amal.id },
    ]);
    expect(impact.hours).toEqual([
      { user_id: amal.id, week_start: "2031-06-02", before_minutes: 960, after_minutes: 840, limit_minutes: 2400 },
      { user_id: bilal.id, week_start: "2031-06-02", before_minutes: 360, after_minutes: 480, limit_minutes: 2400 },
    ]);
    expect(impact.warnings).toEqual([]);
    expect(impact.coverage).toMatchObject({ date: "2031-06-03", assigned_before: 1, assigned_after: 1, open_after: 0 });
  });

  it("shows a cover's coverage, the taker's short rest and their unavailability; an offer not yet taken shows the giver only", async () => {
    const { owner, org, amal, bilal, shift } = await kitchen();
    const amalThursday = await shift(amal.account, "2031-06-05", "07:00", "15:00");
    const bilalLater = await shift(bilal.account, "2031-06-05", "16:00", "20:00");
    await shift(null, "2031-06-05", "10:00", "18:00");
    await availabilityIn(org, {
      user: bilal.account,
      kind: "unavailable",
      weekday: 4,
      start: 8 * 60,
      end: 10 * 60,
      from: "2031-01-01",
      note: "Classes",
    });
    const cover = await requestIn(org, {
      kind: "cover",
      author: amal.account,
      shift: amalThursday,
      taker: bilal.account,
      day: "2031-06-05",
    });

    const impact = await impactOf(owner, cover);
    expect(impact.blockers).toEqual([]);
    expect(impact.assignments).toEqual([{ shift_id: amalThursday, from_user_id: amal.id, to_user_id: bilal.id }]);
    expect(impact.hours).toEqual([
      { user_id: amal.id, week_start: "2031-06-02", before_minutes: 480, after_minutes: 0, limit_minutes: 2400 },
      { user_id: bilal.id, week_start: "2031-06-02", before_minutes: 240, after_minutes: 720, limit_minutes: 2400 },
    ]);
    expect(impact.coverage).toMatchObject({ assigned_before: 2, assigned_after: 1, open_before: 1, open_after: 1 });
    expect(impact.warnings).toEqual([
      {
        kind: "short_rest",
        shift_id: amalThursday,
        user_id: bilal.id,
        minutes: 60,
        limit_minutes: 600,
        other_shift_id: bilalLater,
        date: null,
      },
      {
        kind: "daily_overtime",
        shift_id: amalThursday,
        user_id: bilal.id,
        minutes: 720,
        limit_minutes: 480,
        other_shift_id: null,
        date: "2031-06-05",
      },
      // 09:00–17:00 in Paris meets 08:00–10:00.
      {
        kind: "unavailable",
        shift_id: amalThursday,
        user_id: bilal.id,
        minutes: 0,
        limit_minutes: 0,
        other_shift_id: null,
        date: "2031-06-05",
        note: "Classes",
      },
    ]);
    expect(impact.availability_conflicts).toEqual([
      {
        user_id: bilal.id,
        shift_id: amalThursday,
        starts_at: at("2031-06-05", "07:00"),
        ends_at: at("2031-06-05", "15:00"),
        time_zone: "Europe/Paris",
      },
    ]);

    const friday = await shift(amal.account, "2031-06-06", "07:00", "15:00");
    const offer = await requestIn(org, {
      kind: "cover",
      status: "offered",
      author: amal.account,
      shift: friday,
      day: "2031-06-06",
    });
    const offered = await impactOf(owner, offer);
    expect(offered.blockers).toEqual(["request_not_waiting"]);
    expect(offered.assignments).toEqual([{ shift_id: friday, from_user_id: amal.id, to_user_id: null }]);
    expect(offered.hours).toEqual([
      { user_id: amal.id, week_start: "2031-06-02", before_minutes: 960, after_minutes: 480, limit_minutes: 2400 },
    ]);
    expect(offered.coverage).toMatchObject({ assigned_before: 1, assigned_after: 0, open_before: 0, open_after: 1 });
  });

  it("names what would refuse an approval now: started, taken, moved, deleted, overlap, not eligible, one's own", async () => {
    const { owner, org, job, board, amal, bilal, shift } = await kitchen();
    const outsider = await personIn(org, { firstName: "Carla" });
    const claim = (author: string, shiftId: string) =>
      requestIn(org, { kind: "claim", author, shift: shiftId, day: "2031-06-02" });

    const past = new Date(Date.now() - 3_600_000);
    const started = await shiftIn(org, board, {
      user: null,
      job,
      starts: past.toISOString(),
      ends: new Date(past.getTime() + 4 * 3_600_000).toISOString(),
      published: true,
    });
    const taken = await shift(null, "2031-06-02", "07:00", "15:00");
    const moved = await shift(null, "2031-06-03", "07:00", "15:00");
    const deleted = await shift(null, "2031-06-04", "07:00", "15:00");
    const busy = await shift(null, "2031-06-05", "07:00", "15:00");
    await shift(bilal.account, "2031-06-05", "12:00", "18:00");
    const elsewhere = await shift(null, "2031-06-06", "07:00", "15:00");
    const ownerShift = await shift(null, "2031-06-07", "07:00", "15:00");
    const requests = {
      started: await claim(amal.account, started),
      taken: await claim(bilal.account, taken),
      moved: await claim(bilal.account, moved),
      deleted: await claim(bilal.account, deleted),
      overlap: await claim(bilal.account, busy),
      notEligible: await claim(outsider.account, elsewhere),
      own: await claim(owner.user.id, ownerShift),
    };
    await changeRows(org, async (tx) => {
      await tx.updateTable("shifts").set({ user_id: amal.account }).where("id", "=", taken).execute();
      await tx
        .updateTable("shifts")
        .set({ starts_at: at("2031-06-03", "08:00"), ends_at: at("2031-06-03", "16:00") })
        .where("id", "=", moved)
        .execute();
      await tx.updateTable("shifts").set({ deleted_at: sql<Date>`now()` }).where("id", "=", deleted).execute();
    });

    const all = await impacts(owner);
    const blockers = (id: string) => all.get(id)?.blockers;
    expect(blockers(requests.started)).toEqual(["request_shift_started"]);
    expect(blockers(requests.taken)).toEqual(["request_shift_taken"]);
    expect(blockers(requests.moved)).toEqual(["request_shift_changed"]);
    expect(blockers(requests.deleted)).toEqual(["request_shift_changed"]);
    expect(all.get(requests.deleted)).toMatchObject({ assignments: [], hours: [], warnings: [], coverage: null });
    expect(blockers(requests.overlap)).toEqual(["shift_overlap"]);
    expect(blockers(requests.notEligible)).toEqual(["request_not_eligible"]);
    expect(all.get(requests.notEligible)?.warnings.map((warning) => warning.kind)).toEqual(["not_on_job"]);
    expect(blockers(requests.own)).toEqual(["request_own", "request_not_eligible"]);
  });
});

describe("the impact of an availability change", () => {
  it("lists the author's published shifts of the next eight weeks that the new pattern makes unavailable", async () => {
    const { owner, org, board, amal, shift } = await kitchen();
    const monday = (day: string) => shift(amal.account, day, "07:00", "15:00");
    const june9 = await monday("2031-06-09");
    await monday("2031-06-16"); // that day's exception says available
    const june23 = await monday("2031-06-23");
    const july28 = await monday("2031-07-28");
    await monday("2031-08-04"); // the ninth week
    const tuesday = await shift(amal.account, "2031-06-10", "07:00", "15:00");
    // A draft no one was told of.
    await shiftIn(org, board, {
      user: amal.account,
      starts: at("2031-06-30", "07:00"),
      ends: at("2031-06-30", "15:00"),
    });
    await availabilityIn(org, { user: amal.account, kind: "available", day: "2031-06-16" });
    // The pattern it replaces from 9 June on (Tuesdays) no longer holds then.
    await availabilityIn(org, { user: amal.account, kind: "unavailable", weekday: 2, from: "2031-01-06" });

    const weekly = await requestIn(org, {
      kind: "availability",
      author: amal.account,
      day: "2031-06-09",
      change: {
        type: "weekly",
        effective_from: "2031-06-09",
        windows: [{ weekday: 1, kind: "unavailable", start: "06:00", end: "12:00" }],
      },
    });
    const exception = await requestIn(org, {
      kind: "availability",
      author: amal.account,
      day: "2031-06-10",
      change: { type: "exception", date: "2031-06-10", kind: "unavailable", start: "16:00", end: "18:00" },
    });

    const all = await impacts(owner);
    const conflicts = (id: string) => all.get(id)?.availability_conflicts.map((conflict) => conflict.shift_id);
    expect(conflicts(weekly)).toEqual([june9, june23, july28]);
    expect(all.get(weekly)?.availability_conflicts[0]).toEqual({
      user_id: amal.id,
      shift_id: june9,
      starts_at: at("2031-06-09", "07:00"),
      ends_at: at("2031-06-09", "15:00"),
      time_zone: "Europe/Paris",
    });
    expect(all.get(weekly)).toMatchObject({ blockers: [], hours: [], coverage: null, assignments: [], entry: null });
    // 16:00–18:00 in Paris is 14:00–16:00Z: the Tuesday shift 07:00–15:00Z meets it.
    expect(conflicts(exception)).toEqual([tuesday]);
  });
});

describe("the impact of a correction of time", () => {
  /** Paris, weeks from Monday, 40 h a week then overtime at 1.5×; Bilal paid 20 EUR an hour. */
  async function clock() {
    const { owner, org, job, bilal } = await kitchen();
    await setOrganizationCalendar(org, "Europe/Paris", 1);
    await setOrganizationCurrency(org, "EUR");
    await changeRows(org, async (tx) => {
      await tx.updateTable("memberships").set({ hourly_rate: "20" }).where("user_id", "=", bilal.account).execute();
    });
    return { owner, org, job, bilal };
  }
  const correction = (
    clockIn: string,
    clockOut: string,
    version: number | null,
    breaks: { starts_at: string; ends_at: string }[] = [],
  ) => ({
    job_id: null,
    clock_in_at: clockIn,
    clock_out_at: clockOut,
    breaks,
    entry_version: version,
  });
  const lunch = { starts_at: at("2026-03-02", "11:00"), ends_at: at("2026-03-02", "11:30") };

  it("shows the entry before → after, the week's worked minutes and the pay difference at the person's rate", async () => {
    const { owner, org, bilal } = await clock();
    const entry = await entryIn(org, {
      user: bilal.account,
      clockIn: at("2026-03-02", "07:00"),
      clockOut: at("2026-03-02", "15:00"),
      breaks: [lunch],
    });
    const fix = await requestIn(org, {
      kind: "correction",
      author: bilal.account,
      entry,
      day: "2026-03-02",
      correction: correction(at("2026-03-02", "07:00"), at("2026-03-02", "16:00"), 1, [lunch]),
    });
    const missed = await requestIn(org, {
      kind: "correction",
      author: bilal.account,
      day: "2026-03-03",
      correction: correction(at("2026-03-03", "07:00"), at("2026-03-03", "11:00"), null),
    });

    const all = await impacts(owner);
    expect(all.get(fix)).toEqual({
      blockers: [],
      assignments: [],
      hours: [
        { user_id: bilal.id, week_start: "2026-03-02", before_minutes: 450, after_minutes: 510, limit_minutes: 2400 },
      ],
      warnings: [],
      availability_conflicts: [],
      time_off_conflicts: [],
      coverage: null,
      time_off: null,
      entry: {
        before: {
          clock_in_at: at("2026-03-02", "07:00"),
          clock_out_at: at("2026-03-02", "15:00"),
          break_minutes: 30,
          worked_minutes: 450,
          job_id: null,
        },
        after: {
          clock_in_at: at("2026-03-02", "07:00"),
          clock_out_at: at("2026-03-02", "16:00"),
          break_minutes: 30,
          worked_minutes: 510,
          job_id: null,
        },
        pay_before: 150,
        pay_after: 170,
        currency: "EUR",
      },
    });
    expect(all.get(missed)?.entry).toMatchObject({ before: null, pay_before: 0, pay_after: 80 });
    expect(all.get(missed)?.entry?.after.worked_minutes).toBe(240);
    expect(all.get(missed)?.hours).toEqual([
      { user_id: bilal.id, week_start: "2026-03-02", before_minutes: 450, after_minutes: 690, limit_minutes: 2400 },
    ]);
  });

  it("pays the minutes past the week's limit at the overtime rate, and says what would refuse it", async () => {
    const { owner, org, bilal } = await clock();
    const days = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];
    const entries: string[] = [];
    for (const day of days)
      entries.push(await entryIn(org, { user: bilal.account, clockIn: at(day, "07:00"), clockOut: at(day, "15:00") }));
    const friday = entries[4] as string;
    const longer = await requestIn(org, {
      kind: "correction",
      author: bilal.account,
      entry: friday,
      day: "2026-03-06",
      correction: correction(at("2026-03-06", "07:00"), at("2026-03-06", "16:00"), 1),
    });
    const all = await impacts(owner);
    expect(all.get(longer)?.entry).toMatchObject({ pay_before: 160, pay_after: 190 });
    expect(all.get(longer)?.hours[0]).toMatchObject({ before_minutes: 2400, after_minutes: 2460 });

    const overlapping = await requestIn(org, {
      kind: "correction",
      author: bilal.account,
      day: "2026-03-05",
      correction: correction(at("2026-03-05", "14:00"), at("2026-03-05", "18:00"), null),
    });
    await changeRows(org, async (tx) => {
      await tx.updateTable("time_entries").set({ version: 2 }).where("id", "=", friday).execute();
    });
    let now = await impacts(owner);
    expect(now.get(longer)?.blockers).toEqual(["time_entry_changed"]);
    expect(now.get(overlapping)?.blockers).toEqual(["time_entry_overlap"]);

    await changeRows(org, async (tx) => {
      await tx
        .insertInto("timesheet_approvals")
        .values({
          organization_id: org,
          user_id: bilal.account,
          period_start: "2026-03-02",
          period_end: "2026-03-08",
          approved_by: owner.user.id,
        })
        .execute();
    });
    now = await impacts(owner);
    expect(now.get(longer)?.blockers).toEqual(["time_entry_changed", "timesheet_period_approved"]);
    expect(now.get(overlapping)?.blockers).toEqual(["timesheet_period_approved", "time_entry_overlap"]);
  });
});

describe("the cost of the impact", () => {
  it("reads a page in two statements, whatever its length and kinds (17 requests of every kind here)", async () => {
    const { owner, org, amal, bilal, shift } = await kitchen();
    const entry = await entryIn(org, {
      user: bilal.account,
      clockIn: at("2026-03-02", "07:00"),
      clockOut: at("2026-03-02", "15:00"),
    });
    const days = ["2031-06-02", "2031-06-03", "2031-06-04", "2031-06-05", "2031-06-06"];
    for (const [i, day] of days.entries()) {
      await requestIn(org, {
        kind: "claim",
        author: bilal.account,
        shift: await shift(null, day, "07:00", "15:00"),
        day,
      });
      await requestIn(org, {
        kind: "cover",
        author: amal.account,
        taker: bilal.account,
        shift: await shift(amal.account, day, "16:00", "20:00"),
        day,
      });
      await requestIn(org, {
        kind: "availability",
        author: amal.account,
        day,
        change: { type: "exception", date: day, kind: "unavailable" },
      });
      if (i === 1) {
        await requestIn(org, {
          kind: "swap",
          author: amal.account,
          shift: await shift(amal.account, day, "21:00", "23:00"),
          otherShift: await shift(bilal.account, "2031-06-09", "07:00", "15:00"),
          toUser: bilal.account,
          day,
        });
      }
      if (i === 0) {
        await requestIn(org, {
          kind: "correction",
          author: bilal.account,
          entry,
          day: "2026-03-02",
          correction: {
            job_id: null,
            clock_in_at: at("2026-03-02", "07:00"),
            clock_out_at: at("2026-03-02", "16:00"),
            breaks: [],
            entry_version: 1,
          },
        });
      }
    }
    const { db } = await testDatabase();
    const statements = (limit: number) =>
      withOrganization(db, org, async (tx) => {
        const rows = await tx
          .selectFrom("requests")
          .selectAll()
          .where("organization_id", "=", org)
          .orderBy("created_at")
          .limit(limit)
          .execute();
        const batch = new ReadBatch(tx);
        const impacts = await requestImpacts(
          tx,
          { userId: owner.user.id, organizationId: org },
          rows,
          new Date(),
          batch,
        );
        expect(impacts.size).toBe(rows.length);
        return batch.statements;
      });
    expect(await statements(1)).toBe(2);
    expect(await statements(100)).toBe(2);
  });
});
