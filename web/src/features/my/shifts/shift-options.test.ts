import type { OpenShift } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { person, request, shiftAt, uuid } from "../requests/request-fixtures.test-support.ts";
import {
  canAskAbout,
  openShiftsAhead,
  swapChoices,
  teammateChoices,
  unclaimedCount,
  waitingByShift,
} from "./shift-options.ts";

const now = Date.parse("2026-06-15T12:00:00Z");

describe("asking about my shifts", () => {
  it("only shifts still to come", () => {
    expect(canAskAbout({ starts_at: "2026-06-15T12:00:01Z" }, now)).toBe(true);
    expect(canAskAbout({ starts_at: "2026-06-15T12:00:00Z" }, now)).toBe(false);
  });

  it("lists teammates by name in the reader's order", () => {
    const names = teammateChoices([person("Zoé"), person("émile"), person("Adam", "Z")], "fr").map((p) => p.first_name);
    expect(names).toEqual(["Adam", "émile", "Zoé"]);
  });

  it("offers teammates' shifts to swap for, by teammate, leaving out those gone or started", () => {
    const sam = person("Sam");
    const ana = person("Ana");
    const later = shiftAt("2026-06-18T07:00:00Z");
    const sooner = shiftAt("2026-06-17T07:00:00Z");
    const started = shiftAt("2026-06-15T08:00:00Z");
    const gone = shiftAt("2026-06-19T07:00:00Z", { gone: true });
    const anas = shiftAt("2026-06-20T07:00:00Z");
    const groups = swapChoices(
      {
        teammates: [],
        swaps: [
          { shift: later, user: sam },
          { shift: started, user: sam },
          { shift: anas, user: ana },
          { shift: sooner, user: sam },
          { shift: gone, user: ana },
        ],
      },
      now,
      "en",
    );
    expect(groups.map((group) => [group.user.first_name, group.shifts.map((shift) => shift.id)])).toEqual([
      ["Ana", [anas.id]],
      ["Sam", [sooner.id, later.id]],
    ]);
  });

  it("finds the shifts I already give away or swap, while that waits", () => {
    const offered = shiftAt("2026-06-18T07:00:00Z");
    const swapped = shiftAt("2026-06-19T07:00:00Z");
    const done = shiftAt("2026-06-20T07:00:00Z");
    const waiting = waitingByShift([
      request({ kind: "cover", status: "offered", shift: offered }),
      request({ kind: "swap", status: "pending", shift: swapped }),
      request({ kind: "cover", status: "declined", shift: done }),
      request({ kind: "claim", status: "pending", shift: shiftAt("2026-06-21T07:00:00Z") }),
    ]);
    expect([...waiting.keys()].sort()).toEqual([offered.id, swapped.id].sort());
  });
});

describe("open shifts", () => {
  const open = (startsAt: string, claimed: boolean): OpenShift => {
    const { user_id: _user, gone: _gone, ...shift } = shiftAt(startsAt);
    return { ...shift, note: null, my_claim_id: claimed ? uuid() : null };
  };

  it("lists those still to come, soonest first, and counts those I have not claimed", () => {
    const a = open("2026-06-18T07:00:00Z", false);
    const b = open("2026-06-16T07:00:00Z", true);
    const past = open("2026-06-14T07:00:00Z", false);
    expect(openShiftsAhead([a, past, b], now)).toEqual([b, a]);
    expect(unclaimedCount([a, past, b], now)).toBe(1);
  });
});
