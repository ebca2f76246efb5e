import type { OverviewBoard, SetupStepState } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { setupChecklist } from "./setup-checklist.ts";

const BOARD = "00000000-0000-4000-8000-0000000000b1";
const board: OverviewBoard = {
  id: BOARD,
  name: "Main",
  scheduled_minutes: 0,
  scheduled_cost: null,
  worked_minutes: null,
  unpublished: 0,
};
const all = (done: boolean): SetupStepState[] =>
  (["company", "job", "board", "people", "publish"] as const).map((step) => ({ step, done }));

describe("the setup checklist", () => {
  it("lists every step with where it is done, nothing ticked for a new organization", () => {
    expect(setupChecklist({ setup: all(false), boards: [] })).toEqual([
      { step: "company", done: false, to: { settings: "company" } },
      { step: "job", done: false, to: "/admin/jobs" },
      { step: "board", done: false, to: "/admin/jobs-scheduling" },
      { step: "people", done: false, to: "/admin/users" },
      { step: "publish", done: false, to: "/admin/jobs-scheduling" },
    ]);
  });

  it("ticks what is done and leads the first week to the first board", () => {
    const steps = all(false).map((step) => (step.step === "board" ? { ...step, done: true } : step));
    const items = setupChecklist({ setup: steps, boards: [board] });
    expect(items?.find((item) => item.step === "board")?.done).toBe(true);
    expect(items?.find((item) => item.step === "publish")?.to).toBe(`/admin/jobs-scheduling-dashboard/${BOARD}`);
  });

  it("goes away once every step is done, and is not shown to someone who may do none", () => {
    expect(setupChecklist({ setup: all(true), boards: [board] })).toBeNull();
    expect(setupChecklist({ setup: [], boards: [] })).toBeNull();
  });

  it("shows only the steps given (those the person may do)", () => {
    const items = setupChecklist({ setup: [{ step: "people", done: false }], boards: [] });
    expect(items?.map((item) => item.step)).toEqual(["people"]);
  });
});
