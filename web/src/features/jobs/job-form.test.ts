import { jobColorPalette, jobCreateSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { emptyJobValues, jobBody, jobFieldErrors, jobValuesFrom, nextColor, validateJob } from "./job-form.ts";

describe("the job form", () => {
  it("sends empty numbers as none, and what it sends is what the API accepts", () => {
    const body = jobBody({ ...emptyJobValues(), name: "Cook", hourly_rate: "12,5" });
    expect(body).toMatchObject({ name: "Cook", hourly_rate: 12.5, latitude: null, longitude: null, radius_m: null });
    expect(jobCreateSchema.safeParse(body).success).toBe(true);
  });

  it("refuses what the API refuses, under the same fields and keys", () => {
    expect(validateJob({ ...emptyJobValues(), name: " " })).toEqual({ name: "jobs.nameRequired" });
    expect(validateJob({ ...emptyJobValues(), name: "Cook", latitude: 10 })).toEqual({
      longitude: "jobs.positionIncomplete",
    });
    expect(validateJob({ ...emptyJobValues(), name: "Cook", radius_m: 50 })).toEqual({
      radius_m: "jobs.radiusNeedsPosition",
    });
    expect(validateJob({ ...emptyJobValues(), name: "Cook", hourly_rate: "abc" })).toEqual({
      hourly_rate: "people.rateInvalid",
    });
    expect(validateJob({ ...emptyJobValues(), name: "Cook", color: "blue" })).toEqual({
      color: "jobs.colorInvalid",
    });
  });

  it("places the API's field messages on its fields only", () => {
    expect(jobFieldErrors({ name: "jobs.nameTaken", "x.y": "other", "radius_m.0": "jobs.radiusInvalid" })).toEqual({
      name: "jobs.nameTaken",
      radius_m: "jobs.radiusInvalid",
    });
  });

  it("offers a colour no job uses yet", () => {
    expect(nextColor([])).toBe(jobColorPalette[0]);
    expect(nextColor([{ color: jobColorPalette[0] }])).toBe(jobColorPalette[1]);
  });

  it("loads a job's values back into the form", () => {
    const values = jobValuesFrom({
      id: "3f0e8f7e-0000-4000-8000-000000000000",
      name: "Bar",
      color: "#2f9e44",
      description: null,
      address: "Hamra",
      latitude: 1,
      longitude: 2,
      radius_m: null,
      time_zone: null,
      hourly_rate: 9,
      is_archived: false,
      people_count: 0,
      board_count: 0,
      created_at: "",
      updated_at: "",
    });
    expect(values).toMatchObject({ description: "", address: "Hamra", latitude: 1, radius_m: "", hourly_rate: 9 });
  });
});
