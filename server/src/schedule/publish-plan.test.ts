import { describe, expect, it } from "vitest";
import { planPublish } from "./publish-plan.ts";
import type { ShiftRow } from "./records.ts";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const BOARD = "00000000-0000-4000-8000-0000000000b0";

function row(id: string, overrides: Partial<ShiftRow> = {}, published?: Partial<ShiftRow>): ShiftRow {
  const base: ShiftRow = {
    id,
    organization_id: "org",
    job_scheduler_id: BOARD,
    user_id: A,
    job_id: null,
    starts_at: new Date("2026-06-01T07:00:00Z"),
    ends_at: new Date("2026-06-01T15:00:00Z"),
    break_minutes: 0,
    note: null,
    version: 1,
    deleted_at: null,
    published_at: null,
    published_user_id: null,
    published_job_id: null,
    published_starts_at: null,
    published_ends_at: null,
    published_break_minutes: null,
    published_note: null,
    created_by: null,
    updated_by: null,
    created_at: new Date(),
    updated_at: new Date(),
    ...overrides,
  };
  if (!published) return base;
  return {
    ...base,
    published_at: new Date("2026-05-01T00:00:00Z"),
    published_user_id: base.user_id,
    published_job_id: base.job_id,
    published_starts_at: base.starts_at,
    published_ends_at: base.ends_at,
    published_break_minutes: base.break_minutes,
    published_note: base.note,
    ...published,
  };
}

describe("what a publish does", () => {
  it("publishes drafts as new shifts for their person", () => {
    const plan = planPublish([row("s1")]);
    expect(plan.publishIds).toEqual(["s1"]);
    expect(plan.removeIds).toEqual([]);
    expect(plan.changes.get(A)?.map((change) => change.kind)).toEqual(["added"]);
    expect([...plan.boardIds]).toEqual([BOARD]);
  });

  it("leaves shifts already published as they are out, telling nobody", () => {
    const plan = planPublish([row("s1", {}, {})]);
    expect(plan).toMatchObject({ publishIds: [], removeIds: [] });
    expect(plan.changes.size).toBe(0);
    expect(plan.boardIds.size).toBe(0);
  });

  it("tells of a changed time, job, break or note as a change, with the new times", () => {
    const plan = planPublish([
      row(
        "time",
        { starts_at: new Date("2026-06-01T08:00:00Z") },
        { published_starts_at: new Date("2026-06-01T07:00:00Z") },
      ),
      row("note", { note: "new" }, { published_note: "old" }),
    ]);
    expect(plan.publishIds).toEqual(["time", "note"]);
    const changes = plan.changes.get(A) ?? [];
    expect(changes.map((change) => change.kind)).toEqual(["changed", "changed"]);
    expect(changes[0]?.startsAt.toISOString()).toBe("2026-06-01T08:00:00.000Z");
  });

  it("tells the person who lost a shift of a removal and the one who got it of a new shift", () => {
    const plan = planPublish([row("s1", { user_id: B }, { published_user_id: A })]);
    expect(plan.publishIds).toEqual(["s1"]);
    expect(plan.changes.get(A)?.map((change) => change.kind)).toEqual(["removed"]);
    expect(plan.changes.get(B)?.map((change) => change.kind)).toEqual(["added"]);
  });

  it("removes shifts waiting for removal, told with the times people last saw", () => {
    const seen = new Date("2026-06-01T06:00:00Z");
    const plan = planPublish([row("s1", { deleted_at: new Date() }, { published_starts_at: seen })]);
    expect(plan.publishIds).toEqual([]);
    expect(plan.removeIds).toEqual(["s1"]);
    expect(plan.changes.get(A)?.[0]).toMatchObject({ kind: "removed", startsAt: seen });
  });

  it("tells nobody about open shifts, but still publishes them", () => {
    const plan = planPublish([
      row("open", { user_id: null }),
      row("given", { user_id: A }, { published_user_id: null }),
    ]);
    expect(plan.publishIds).toEqual(["open", "given"]);
    expect([...plan.changes.keys()]).toEqual([A]);
  });
});
