import { describe, expect, it } from "vitest";
import { person, request, shiftAt } from "./request-fixtures.test-support.ts";
import { myRequestTitle, offerTitle } from "./request-titles.ts";
import { canCancel, offerState, offersAwaitingMe, requestDetail, sortMine } from "./request-view.ts";

const me = person("Rami", "Baker");

describe("a request of mine, where it stands", () => {
  it("says who it waits for while it waits", () => {
    const sam = person("Sam", "Lee");
    expect(requestDetail(request({ kind: "cover", status: "offered" }))).toEqual({
      key: "waitsAnyTeammate",
      values: {},
    });
    expect(requestDetail(request({ kind: "cover", status: "offered", to_user: sam }))).toEqual({
      key: "waitsTeammate",
      values: { name: "Sam Lee" },
    });
    expect(requestDetail(request({ kind: "swap", status: "offered", to_user: sam })).key).toBe("waitsSwap");
    expect(requestDetail(request({ kind: "claim", status: "pending" })).key).toBe("waitsManager");
    expect(requestDetail(request({ kind: "cover", status: "pending", taker: sam }))).toEqual({
      key: "takenWaitsManager",
      values: { name: "Sam Lee" },
    });
  });

  it("gives the decline's reason, the teammate's refusal and why it expired", () => {
    const decision = { by: me, at: "2026-06-02T10:00:00Z", reason: "Short-staffed that day", automatic: false };
    expect(requestDetail(request({ status: "declined", decision }))).toEqual({
      key: "declined",
      values: { reason: "Short-staffed that day" },
    });
    expect(requestDetail(request({ status: "declined", decision: { ...decision, reason: null } })).key).toBe(
      "declinedNoReason",
    );
    const sam = person("Sam");
    expect(requestDetail(request({ status: "refused", to_user: sam, refusal_reason: "I'm away" }))).toEqual({
      key: "refusedWithReason",
      values: { name: "Sam", reason: "I'm away" },
    });
    expect(requestDetail(request({ status: "refused", to_user: sam })).key).toBe("refused");
    expect(requestDetail(request({ status: "expired", closed_code: "shift_taken" })).key).toBe("expired_shift_taken");
    expect(requestDetail(request({ status: "expired" })).key).toBe("expired");
    expect(requestDetail(request({ status: "cancelled" })).key).toBe("cancelled");
  });

  it("says approved time off cancelled since was cancelled at my request, and withdrawn time off as mine", () => {
    const decided = { by: null, at: "2026-06-02T10:00:00Z", reason: null, automatic: false };
    expect(requestDetail(request({ kind: "time_off", status: "cancelled", decision: decided })).key).toBe(
      "timeOffCancelled",
    );
    expect(requestDetail(request({ kind: "time_off", status: "cancelled" })).key).toBe("cancelled");
  });

  it("says when a yes came at once, and who took a cover", () => {
    const automatic = { by: null, at: "2026-06-02T10:00:00Z", reason: null, automatic: true };
    expect(requestDetail(request({ kind: "claim", status: "approved", decision: automatic })).key).toBe(
      "approvedAutomatic",
    );
    expect(requestDetail(request({ kind: "cover", status: "approved", taker: person("Sam") }))).toEqual({
      key: "approvedTaken",
      values: { name: "Sam" },
    });
  });

  it("may be cancelled only while it waits", () => {
    expect(canCancel(request({ status: "offered" }))).toBe(true);
    expect(canCancel(request({ status: "pending" }))).toBe(true);
    for (const status of ["approved", "declined", "refused", "cancelled", "expired"] as const) {
      expect(canCancel(request({ status }))).toBe(false);
    }
  });

  it("lists what waits first, soonest day first, then the rest, latest first", () => {
    const late = request({ status: "pending", date: "2026-06-20" });
    const soon = request({ status: "offered", date: "2026-06-16" });
    const old = request({ status: "approved", updated_at: "2026-06-01T00:00:00Z" });
    const recent = request({ status: "declined", updated_at: "2026-06-05T00:00:00Z" });
    expect(sortMine([old, late, recent, soon])).toEqual([soon, late, recent, old]);
  });
});

describe("what a teammate asks of me", () => {
  const shift = shiftAt("2026-06-20T07:00:00Z");

  it("a cover offered to everyone: I may take it, not turn it down", () => {
    expect(offerState(request({ kind: "cover", shift }), me.user_id)).toEqual({
      canAccept: true,
      canRefuse: false,
      waitsForManager: false,
    });
  });

  it("a cover or a swap naming me: I may take or accept it, or turn it down", () => {
    expect(offerState(request({ kind: "cover", to_user: me }), me.user_id)).toEqual({
      canAccept: true,
      canRefuse: true,
      waitsForManager: false,
    });
    expect(offerState(request({ kind: "swap", to_user: me }), me.user_id).canRefuse).toBe(true);
  });

  it("once I said yes, it waits for a manager", () => {
    expect(offerState(request({ kind: "cover", status: "pending", taker: me }), me.user_id)).toEqual({
      canAccept: false,
      canRefuse: false,
      waitsForManager: true,
    });
    expect(offerState(request({ kind: "swap", status: "pending", to_user: me }), me.user_id).waitsForManager).toBe(
      true,
    );
  });

  it("counts only what waits for my answer", () => {
    const offers = [
      request({ kind: "cover" }),
      request({ kind: "swap", to_user: me }),
      request({ kind: "cover", status: "pending", taker: me }),
      request({ kind: "cover", to_user: person("Someone") }),
    ];
    expect(offersAwaitingMe(offers, me.user_id)).toBe(2);
  });
});

describe("a request's heading", () => {
  it("names the kind and, where there is one, the teammate", () => {
    const sam = person("Sam", "Lee");
    expect(myRequestTitle(request({ kind: "cover", to_user: sam }))).toEqual({
      key: "requests.titles.coverTo",
      values: { name: "Sam Lee" },
    });
    expect(myRequestTitle(request({ kind: "cover" })).key).toBe("requests.titles.cover");
    expect(myRequestTitle(request({ kind: "claim" })).key).toBe("requests.titles.claim");
    const correction = {
      entry_id: null,
      job_id: null,
      clock_in_at: "2026-06-10T07:00:00Z",
      clock_out_at: "2026-06-10T15:00:00Z",
      breaks: [],
    };
    expect(myRequestTitle(request({ kind: "correction", correction })).key).toBe("requests.titles.missed");
    expect(
      myRequestTitle(request({ kind: "correction", correction: { ...correction, entry_id: sam.user_id } })).key,
    ).toBe("requests.titles.correction");
    expect(offerTitle(request({ kind: "swap", author: sam, to_user: me }))).toEqual({
      key: "offers.titles.swap",
      values: { name: "Sam Lee" },
    });
    expect(offerTitle(request({ kind: "cover", author: sam })).key).toBe("offers.titles.cover");
    expect(offerTitle(request({ kind: "cover", author: sam, to_user: me })).key).toBe("offers.titles.coverToMe");
  });
});
