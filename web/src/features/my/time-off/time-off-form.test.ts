import { describe, expect, it } from "vitest";
import { askBody, askFields, formProblems, initialValues, previewFields, withFrom } from "./time-off-form.ts";

const VACATION = { id: "00000000-0000-4000-8000-000000000001", name: "Vacation", color: "#2f9e44", paid: true };
const ARCHIVED = { ...VACATION, id: "00000000-0000-4000-8000-000000000002", name: "Old" };

describe("asking for time off", () => {
  it("starts with the first type in use, tomorrow, whole days", () => {
    const values = initialValues(
      [
        { ...ARCHIVED, archived: true },
        { ...VACATION, archived: false },
      ],
      "2026-06-15",
    );
    expect(values).toMatchObject({ leave_type_id: VACATION.id, from: "2026-06-16", to: "2026-06-16", part: false });
  });

  it("sends whole days without a part", () => {
    const values = { ...initialValues([{ ...VACATION, archived: false }], "2026-06-15"), to: "2026-06-19" };
    expect(askFields(values)).toEqual({ leave_type_id: VACATION.id, from: "2026-06-16", to: "2026-06-19", part: null });
  });

  it("sends a part of one day, its last day its first", () => {
    const values = {
      ...initialValues([{ ...VACATION, archived: false }], "2026-06-15"),
      to: "2026-06-19",
      part: true,
      start: "09:00",
      end: "13:00",
    };
    expect(askFields(values)).toEqual({
      leave_type_id: VACATION.id,
      from: "2026-06-16",
      to: "2026-06-16",
      part: { start: "09:00", end: "13:00" },
    });
  });

  it("moves the last day with a first day chosen after it", () => {
    const values = initialValues([{ ...VACATION, archived: false }], "2026-06-15");
    expect(withFrom({ ...values, to: "2026-06-18" }, "2026-06-20").to).toBe("2026-06-20");
    expect(withFrom({ ...values, to: "2026-06-18" }, "2026-06-17").to).toBe("2026-06-18");
  });

  it("refuses a range that runs backwards, with the shared rule's key", () => {
    const values = { ...initialValues([{ ...VACATION, archived: false }], "2026-06-15"), to: "2026-06-10" };
    expect(formProblems(values)).toEqual({ to: "timeOff.rangeInvalid" });
    expect(previewFields(values)).toBeNull();
  });

  it("refuses a part that ends before it starts", () => {
    const values = {
      ...initialValues([{ ...VACATION, archived: false }], "2026-06-15"),
      part: true,
      start: "13:00",
      end: "09:00",
    };
    expect(formProblems(values)).toEqual({ end: "timeOff.partInvalid" });
  });

  it("asks for a type and dates", () => {
    const values = { ...initialValues([], "2026-06-15"), from: "" };
    const problems = formProblems(values);
    expect(problems.leave_type_id).toBe("timeOff.unknownType");
    expect(problems.from).toBeDefined();
  });

  it("sends the note only when there is one", () => {
    const values = initialValues([{ ...VACATION, archived: false }], "2026-06-15");
    expect(askBody(values)).not.toHaveProperty("note");
    expect(askBody({ ...values, note: "  Wedding  " })).toMatchObject({ kind: "time_off", note: "Wedding" });
  });
});
