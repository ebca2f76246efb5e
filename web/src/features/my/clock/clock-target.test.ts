import type { ClockStatus } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { defaultTarget, targetOf } from "./clock-target.ts";

const SHIFT = "5a000000-0000-4000-8000-000000000001";
const COOK = "c0000000-0000-4000-8000-000000000001";
const BAR = "c0000000-0000-4000-8000-000000000002";
const status = (shift: boolean, jobIds: string[]) =>
  ({
    shift: shift ? { id: SHIFT, job_id: COOK } : null,
    jobs: jobIds.map((id) => ({ id, name: id })),
  }) as unknown as ClockStatus;

describe("the clock-in's target", () => {
  it("is my shift when I have one, else my only job, else none until I pick", () => {
    expect(defaultTarget(status(true, [COOK, BAR]))).toBe("shift");
    expect(defaultTarget(status(false, [COOK]))).toBe(`job:${COOK}`);
    expect(defaultTarget(status(false, [COOK, BAR]))).toBe("");
    expect(defaultTarget(status(false, []))).toBe("");
  });

  it("sends the shift, the job picked, or nothing", () => {
    expect(targetOf("shift", status(true, []))).toEqual({ shift_id: SHIFT });
    expect(targetOf(`job:${BAR}`, status(true, [BAR]))).toEqual({ job_id: BAR });
    expect(targetOf("shift", status(false, []))).toEqual({});
    expect(targetOf("", status(false, [COOK, BAR]))).toEqual({});
  });
});
