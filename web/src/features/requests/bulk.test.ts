import { bulkDecisionResultSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { bulkPreview, keepSelectable, selectAllState, selectableIds, summarizeBulk } from "./bulk.ts";
import { impact, item } from "./requests.test-support.ts";

describe("selecting requests to decide together", () => {
  const pending = item();
  const other = item();
  const offered = item({ kind: "cover", status: "offered" });
  const decided = item({ status: "approved", impact: null });
  const page = [pending, offered, other, decided];

  it("takes only what waits for a manager when all are selected", () => {
    expect(selectableIds(page)).toEqual([pending.id, other.id]);
  });

  it("says whether none, some or all of them are selected", () => {
    expect(selectAllState(new Set(), page)).toBe("none");
    expect(selectAllState(new Set([pending.id]), page)).toBe("some");
    expect(selectAllState(new Set([pending.id, other.id]), page)).toBe("all");
  });

  it("lets a request decided meanwhile, or no longer listed, drop out of the selection", () => {
    const nowDecided = { ...pending, status: "declined" as const };
    const kept = keepSelectable(new Set([pending.id, other.id, "gone"]), [nowDecided, other]);
    expect([...kept]).toEqual([other.id]);
  });
});

describe("what approving a selection would do", () => {
  it("counts the ones that would be refused now and the ones that warn", () => {
    const preview = bulkPreview([
      item({ impact: impact({ blockers: ["shift_overlap"] }) }),
      item({
        impact: impact({
          warnings: [
            {
              kind: "weekly_overtime",
              shift_id: null,
              user_id: "0a000000-0000-4000-8000-000000000001",
              minutes: 2520,
              limit_minutes: 2400,
            },
          ],
        }),
      }),
      item({
        impact: impact({
          time_off_conflicts: [{ user_id: "0a000000-0000-4000-8000-000000000001", date: "2026-03-02" }],
        }),
      }),
      item(),
    ]);
    expect(preview).toEqual({ count: 4, blocked: 1, warned: 2 });
  });
});

describe("the answer to a bulk decision", () => {
  const a = item();
  const b = item({ kind: "swap" });
  const c = item({ kind: "cover" });
  const d = item();

  it("counts what was decided and names each refusal with its code, the most frequent first", () => {
    const result = bulkDecisionResultSchema.parse({
      results: [
        { id: a.id, outcome: "approved", code: null },
        { id: b.id, outcome: "refused", code: "shift_overlap" },
        { id: c.id, outcome: "refused", code: "request_changed" },
        { id: d.id, outcome: "refused", code: "shift_overlap" },
      ],
    });
    const summary = summarizeBulk("approve", result, [a, b, c, d]);
    expect(summary.approved).toBe(1);
    expect(summary.declined).toBe(0);
    expect(summary.refused.map((refusal) => [refusal.item?.kind, refusal.code])).toEqual([
      ["swap", "shift_overlap"],
      ["cover", "request_changed"],
      ["claim", "shift_overlap"],
    ]);
    expect(summary.byCode).toEqual([
      { code: "shift_overlap", count: 2 },
      { code: "request_changed", count: 1 },
    ]);
  });

  it("counts declines, and a refusal without a code as the server's failure", () => {
    const summary = summarizeBulk(
      "decline",
      {
        results: [
          { id: a.id, outcome: "declined", code: null },
          { id: "0e000000-0000-4000-8000-00000000ffff", outcome: "refused", code: null },
        ],
      },
      [a],
    );
    expect(summary.declined).toBe(1);
    expect(summary.refused).toEqual([{ id: "0e000000-0000-4000-8000-00000000ffff", code: "internal", item: null }]);
  });
});
