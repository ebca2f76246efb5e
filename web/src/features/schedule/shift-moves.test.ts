import { describe, expect, it } from "vitest";
import { ADAM, BAR, COOK, OTHER_BOARD, shift, ZOE, ZONE } from "./board-fixtures.test-support.ts";
import {
  applyMove,
  copiedFields,
  copyBody,
  isCopyGesture,
  isMovable,
  moveBody,
  movedFields,
  replaceShift,
} from "./shift-moves.ts";

describe("a dropped shift's new times", () => {
  it("keep the wall clock across the spring change: 09:00–17:00 stays 09:00–17:00", () => {
    // Friday 27 March 09:00–17:00 in Paris is 08:00–16:00 UTC (UTC+1)…
    const friday = shift({ starts_at: "2026-03-27T08:00:00.000Z", ends_at: "2026-03-27T16:00:00.000Z" });
    const moved = movedFields(friday, "2026-03-27", { date: "2026-03-30", userId: ZOE, jobId: undefined }, () => ZONE);
    // …and Monday 30 March 09:00–17:00 is 07:00–15:00 UTC (UTC+2).
    expect(moved).toEqual({
      starts_at: "2026-03-30T07:00:00.000Z",
      ends_at: "2026-03-30T15:00:00.000Z",
      user_id: ZOE,
      job_id: COOK,
    });
  });

  it("keep the wall clock of the shift's own board, not the zone the week is laid out in (all boards)", () => {
    // A New York board on a Paris organization's grid: Friday 27 March 09:00–17:00 in New York (UTC−4).
    const zoneOf = (boardId: string) => (boardId === OTHER_BOARD ? "America/New_York" : ZONE);
    const friday = shift({
      board_id: OTHER_BOARD,
      starts_at: "2026-03-27T13:00:00.000Z",
      ends_at: "2026-03-27T21:00:00.000Z",
    });
    const moved = movedFields(friday, "2026-03-27", { date: "2026-03-30", userId: ZOE, jobId: undefined }, zoneOf);
    // Paris changes its clocks on the 29th, New York does not: still 09:00–17:00 in New York.
    expect(moved).toMatchObject({ starts_at: "2026-03-30T13:00:00.000Z", ends_at: "2026-03-30T21:00:00.000Z" });
  });

  it("give an overnight shift moved onto the change night its real length (22:00–06:00 is 7 hours there)", () => {
    // Friday 22:00 → Saturday 06:00 (UTC+1 both): 8 hours.
    const night = shift({ starts_at: "2026-03-27T21:00:00.000Z", ends_at: "2026-03-28T05:00:00.000Z" });
    const moved = movedFields(night, "2026-03-27", { date: "2026-03-28", userId: ZOE, jobId: undefined }, () => ZONE);
    expect(moved?.starts_at).toBe("2026-03-28T21:00:00.000Z");
    expect(moved?.ends_at).toBe("2026-03-29T04:00:00.000Z");
    const hours = (Date.parse(moved?.ends_at ?? "") - Date.parse(moved?.starts_at ?? "")) / 3_600_000;
    expect(hours).toBe(7);
  });

  it("change only the person when dropped on another row the same day", () => {
    const original = shift();
    const moved = movedFields(
      original,
      "2026-03-24",
      { date: "2026-03-24", userId: ADAM, jobId: undefined },
      () => ZONE,
    );
    expect(moved).toEqual({ starts_at: original.starts_at, ends_at: original.ends_at, user_id: ADAM, job_id: COOK });
  });

  it("take the section's job when grouped by job, and go to the open shifts with no person", () => {
    const original = shift();
    expect(
      movedFields(original, "2026-03-24", { date: "2026-03-24", userId: ZOE, jobId: BAR }, () => ZONE)?.job_id,
    ).toBe(BAR);
    expect(
      movedFields(original, "2026-03-24", { date: "2026-03-24", userId: null, jobId: undefined }, () => ZONE)?.user_id,
    ).toBeNull();
  });

  it("are nothing when dropped where it already is", () => {
    expect(
      movedFields(shift(), "2026-03-24", { date: "2026-03-24", userId: ZOE, jobId: undefined }, () => ZONE),
    ).toBeNull();
    expect(movedFields(shift(), "2026-03-24", { date: "2026-03-24", userId: ZOE, jobId: COOK }, () => ZONE)).toBeNull();
  });

  it("for a copy, may be the same place (a second, identical shift)", () => {
    const original = shift();
    expect(
      copiedFields(original, "2026-03-24", { date: "2026-03-24", userId: ZOE, jobId: undefined }, () => ZONE),
    ).toEqual({
      starts_at: original.starts_at,
      ends_at: original.ends_at,
      user_id: ZOE,
      job_id: COOK,
    });
  });
});

describe("what is sent", () => {
  it("a move sends only what changed, with the version the board saw", () => {
    const original = shift({ version: 4 });
    const moved = movedFields(
      original,
      "2026-03-24",
      { date: "2026-03-24", userId: ADAM, jobId: undefined },
      () => ZONE,
    );
    expect(moved && moveBody(original, moved)).toEqual({ version: 4, user_id: ADAM });
    const later = movedFields(
      original,
      "2026-03-24",
      { date: "2026-03-25", userId: ZOE, jobId: undefined },
      () => ZONE,
    );
    expect(later && moveBody(original, later)).toEqual({
      version: 4,
      starts_at: "2026-03-25T08:00:00.000Z",
      ends_at: "2026-03-25T16:00:00.000Z",
    });
  });

  it("a copy is a new shift on the same board with the break and note", () => {
    const original = shift({ break_minutes: 45, note: "Inventory" });
    const copied = copiedFields(
      original,
      "2026-03-24",
      { date: "2026-03-26", userId: null, jobId: undefined },
      () => ZONE,
    );
    expect(copyBody(original, copied)).toEqual({
      board_id: original.board_id,
      user_id: null,
      job_id: COOK,
      starts_at: "2026-03-26T08:00:00.000Z",
      ends_at: "2026-03-26T16:00:00.000Z",
      break_minutes: 45,
      note: "Inventory",
    });
  });
});

describe("the board while a move is saved", () => {
  it("shows a published shift as changed, a draft as a draft", () => {
    const moved = { starts_at: "a", ends_at: "b", user_id: ADAM, job_id: COOK };
    const published = shift({ status: "published" });
    // People still see it where it was: that is what the card's "was" shows until the save answers.
    expect(applyMove(published, moved)).toMatchObject({
      status: "changed",
      user_id: ADAM,
      published: { user_id: published.user_id, starts_at: published.starts_at, published_at: published.published_at },
    });
    expect(applyMove(shift({ status: "draft" }), moved).status).toBe("draft");
    expect(applyMove(shift({ status: "changed" }), moved)).toMatchObject({ status: "changed", user_id: ADAM });
  });

  it("replaces or removes one shift in the week's list", () => {
    const [a, b] = [shift(), shift()];
    expect(replaceShift([a, b], b.id, { ...b, version: 2 }).map((s) => s.version)).toEqual([1, 2]);
    expect(replaceShift([a, b], a.id, null)).toEqual([b]);
  });
});

describe("gestures", () => {
  it("Alt, Ctrl or Cmd held while dropping copies", () => {
    expect(isCopyGesture({ altKey: true, ctrlKey: false, metaKey: false })).toBe(true);
    expect(isCopyGesture({ altKey: false, ctrlKey: true, metaKey: false })).toBe(true);
    expect(isCopyGesture({ altKey: false, ctrlKey: false, metaKey: true })).toBe(true);
    expect(isCopyGesture({ altKey: false, ctrlKey: false, metaKey: false })).toBe(false);
  });

  it("a removal waiting for publish cannot be picked up", () => {
    expect(isMovable(shift({ status: "deleted" }))).toBe(false);
    expect(isMovable(shift({ status: "changed" }))).toBe(true);
  });
});
