import type { TimeOffPreviewResponse } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { previewNotes } from "./time-off-preview-text.ts";

const preview = (values: Partial<TimeOffPreviewResponse> = {}): TimeOffPreviewResponse => ({
  days: [{ day: "2026-06-15", minutes: 480, basis: "day", holiday: null }],
  minutes: 480,
  balance_minutes: 960,
  pending_minutes: 0,
  balance_after_minutes: 480,
  negative_allowance_minutes: 0,
  day_minutes: 480,
  time_zone: "Europe/Paris",
  blocked: [],
  blocked_policy: "refuse",
  blockers: [],
  ...values,
});
const BLOCK = { starts_on: "2026-06-15", ends_on: "2026-06-16", reason: "Inventory", board_id: null };

describe("what the preview of an ask says", () => {
  it("says nothing more when it can be asked", () => {
    expect(previewNotes(preview())).toEqual({ blocked: null, blockers: [], belowZero: false });
  });

  it("warns of blocked dates where the organization allows asking on them", () => {
    expect(previewNotes(preview({ blocked: [BLOCK], blocked_policy: "warn" }))).toMatchObject({
      blocked: "warn",
      blockers: [],
    });
  });

  it("says a refused blocked date once, by the dates and their reason", () => {
    const notes = previewNotes(preview({ blocked: [BLOCK], blockers: ["time_off_blocked", "time_off_balance_short"] }));
    expect(notes).toMatchObject({ blocked: "refuse", blockers: ["time_off_balance_short"] });
  });

  it("says each blocker once", () => {
    expect(previewNotes(preview({ blockers: ["time_off_overlap", "time_off_overlap"] })).blockers).toEqual([
      "time_off_overlap",
    ]);
  });

  it("says when the balance after goes below zero", () => {
    expect(previewNotes(preview({ balance_after_minutes: -240, negative_allowance_minutes: 480 })).belowZero).toBe(
      true,
    );
  });
});
