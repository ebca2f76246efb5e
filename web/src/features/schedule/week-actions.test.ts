import { describe, expect, it } from "vitest";
import { ANA, BEN, BOARD, GONE, INVITED, OTHER_BOARD, shift, week } from "./edit-fixtures.test-support.ts";
import { csvFileName, draftCount, pendingCount, previousWeekDate, publishSummary } from "./week-actions.ts";

const published = (userId: string | null) => ({
  user_id: userId,
  job_id: null,
  starts_at: "2026-03-24T08:00:00.000Z",
  ends_at: "2026-03-24T16:00:00.000Z",
  break_minutes: 0,
  note: null,
  published_at: "2026-03-20T10:00:00.000Z",
});

describe("what a publish would do", () => {
  const draftAna = shift({ user_id: ANA });
  const draftOpen = shift({ user_id: null });
  const movedToBen = shift({ user_id: BEN, status: "changed", published: published(ANA) });
  const removedFromBen = shift({ user_id: BEN, status: "deleted", published: published(BEN) });
  const alreadyOut = shift({ user_id: ANA, status: "published", published: published(ANA) });
  const invited = shift({ user_id: INVITED });
  const archived = shift({ user_id: GONE, status: "deleted", published: published(GONE) });
  const all = [draftAna, draftOpen, movedToBen, removedFromBen, alreadyOut, invited, archived];

  it("counts the week's new, changed and removed shifts and the active people told once each", () => {
    expect(publishSummary(week({ shifts: all }), null)).toEqual({
      added: 3,
      changed: 1,
      removed: 2,
      total: 6,
      // Ana (her draft, and the shift moved away from her) and Ben; invited and archived people get no message.
      people: 2,
    });
  });

  it("counts only the chosen shifts with a selection", () => {
    expect(publishSummary(week({ shifts: all }), [movedToBen.id, alreadyOut.id])).toEqual({
      added: 0,
      changed: 1,
      removed: 0,
      total: 1,
      people: 2,
    });
    expect(publishSummary(week({ shifts: all }), [draftOpen.id])).toMatchObject({ added: 1, people: 0 });
  });

  it("has nothing to do on a published week", () => {
    expect(publishSummary(week({ shifts: [alreadyOut] }), null)).toMatchObject({ total: 0, people: 0 });
    expect(pendingCount([alreadyOut])).toBe(0);
    expect(pendingCount(all)).toBe(6);
  });
});

describe("the week's other actions", () => {
  it("clears only one board's never-published shifts", () => {
    const shifts = [
      shift(),
      shift({ board_id: OTHER_BOARD }),
      shift({ status: "changed", published: published(ANA) }),
      shift(),
    ];
    expect(draftCount(week({ shifts }), BOARD)).toBe(2);
    expect(draftCount(week({ shifts }), OTHER_BOARD)).toBe(1);
  });

  it("copies from the previous week by default", () => {
    expect(previousWeekDate(week())).toBe("2026-03-16");
  });

  it("names the CSV after the board and the week's first day, in any script", () => {
    expect(csvFileName("Front desk", "2026-03-23")).toBe("schedule-front-desk-2026-03-23.csv");
    expect(csvFileName("  Bar / Terrace: *Night*  ", "2026-03-23")).toBe("schedule-bar-terrace-night-2026-03-23.csv");
    expect(csvFileName("المطبخ الرئيسي", "2026-03-23")).toBe("schedule-المطبخ-الرئيسي-2026-03-23.csv");
    expect(csvFileName(null, "2026-03-23")).toBe("schedule-all-2026-03-23.csv");
    expect(csvFileName("***", "2026-03-23")).toBe("schedule-board-2026-03-23.csv");
  });
});
