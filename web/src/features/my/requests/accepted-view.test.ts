import { describe, expect, it } from "vitest";
import { acceptedDetail, saidYesTo } from "./accepted-view.ts";
import { person, request } from "./request-fixtures.test-support.ts";

const me = person("Rami", "Baker");
const decision = { by: person("Mona"), at: "2026-06-02T10:00:00Z", reason: null, automatic: false };

describe("what I said yes to", () => {
  it("lists the accepted ones and the offers I took that wait, once each, waiting first", () => {
    const waiting = request({ kind: "cover", status: "pending", taker: me, date: "2026-06-20" });
    const swap = request({ kind: "swap", status: "pending", to_user: me, date: "2026-06-18" });
    const open = request({ kind: "cover", status: "offered" });
    const approved = request({ kind: "cover", status: "approved", taker: me, updated_at: "2026-06-03T10:00:00Z" });
    const declined = request({ kind: "swap", status: "declined", to_user: me, updated_at: "2026-06-04T10:00:00Z" });
    const listed = saidYesTo([waiting, swap, open], [approved, declined, waiting], me.user_id);
    expect(listed.map((item) => item.id)).toEqual([swap.id, waiting.id, declined.id, approved.id]);
  });

  it("reads an answer without the accepted list", () => {
    const waiting = request({ kind: "cover", status: "pending", taker: me });
    expect(saidYesTo([waiting], [], me.user_id)).toEqual([waiting]);
    expect(saidYesTo([], [], me.user_id)).toEqual([]);
  });

  it("says where each stands, with a manager's reason", () => {
    expect(acceptedDetail(request({ status: "pending" })).key).toBe("waiting");
    expect(acceptedDetail(request({ kind: "cover", status: "approved", decision })).key).toBe("approvedCover");
    expect(acceptedDetail(request({ kind: "swap", status: "approved", decision })).key).toBe("approvedSwap");
    expect(
      acceptedDetail(request({ status: "declined", decision: { ...decision, reason: "Too many hours" } })),
    ).toEqual({ key: "declined", values: { reason: "Too many hours" } });
    expect(acceptedDetail(request({ status: "declined", decision })).key).toBe("declinedNoReason");
    expect(acceptedDetail(request({ status: "cancelled", author: person("Dana", "Levi") }))).toEqual({
      key: "cancelled",
      values: { name: "Dana Levi" },
    });
    expect(acceptedDetail(request({ status: "expired", closed_code: "shift_started" })).key).toBe("expired");
  });
});
