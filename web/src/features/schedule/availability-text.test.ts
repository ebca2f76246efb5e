import { describe, expect, it } from "vitest";
import { indexAvailability } from "./availability-days.ts";
import { type AvailabilityWords, availabilityText } from "./availability-text.ts";
import { availability, ZOE } from "./board-fixtures.test-support.ts";

const words: AvailabilityWords = {
  range: (start, end) => `${start}–${end}`,
  unavailable: "Unavailable",
  prefer: "Prefers",
  unavailableDay: "Unavailable all day",
  unavailableTimes: (times) => `Unavailable ${times}`,
  preferDay: "Prefers to work all day",
  preferTimes: (times) => `Prefers to work ${times}`,
  withNote: (text, note) => `${text}: ${note}`,
  list: (items) => items.join("; "),
};

const dayOf = (...rows: Parameters<typeof availability>[0][]) => {
  const cell = indexAvailability(rows.map((row) => availability(row)))
    .get(ZOE)
    ?.get("2026-03-24");
  if (!cell) throw new Error("no day");
  return cell;
};

describe("a person's day in words", () => {
  it("says a whole unavailable day with its note, whatever hours are also given", () => {
    expect(availabilityText(dayOf({ note: "Exams" }, { start: "09:00", end: "10:00" }), words)).toEqual({
      away: "Unavailable",
      prefer: null,
      description: "Unavailable all day: Exams",
    });
  });

  it("says each unavailable window with its own note", () => {
    expect(
      availabilityText(
        dayOf({ start: "13:00", end: "24:00" }, { start: "09:00", end: "11:00", note: "Dentist" }),
        words,
      ),
    ).toEqual({
      away: "09:00–11:00; 13:00–24:00",
      prefer: null,
      description: "Unavailable 09:00–11:00: Dentist; Unavailable 13:00–24:00",
    });
  });

  it("says the preferred hours after the unavailable ones", () => {
    expect(
      availabilityText(
        dayOf({ start: "18:00", end: "20:00" }, { kind: "prefer", start: "08:00", end: "12:00" }),
        words,
      ),
    ).toEqual({
      away: "18:00–20:00",
      prefer: "08:00–12:00",
      description: "Unavailable 18:00–20:00; Prefers to work 08:00–12:00",
    });
    expect(availabilityText(dayOf({ kind: "prefer" }), words)).toEqual({
      away: null,
      prefer: "Prefers",
      description: "Prefers to work all day",
    });
  });
});
