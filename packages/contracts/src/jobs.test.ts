import { describe, expect, it } from "vitest";
import { can, type Standing } from "./access.ts";
import { boardCreateSchema } from "./boards.ts";
import { jobCreateSchema, jobPositionIssue, jobUpdateSchema } from "./jobs.ts";
import { canonicalTimeZone, timeZoneSchema } from "./time-zone.ts";

describe("time zones", () => {
  it("accept IANA names in their canonical spelling and refuse the rest", () => {
    expect(timeZoneSchema.parse(" asia/beirut ")).toBe("Asia/Beirut");
    expect(timeZoneSchema.parse("UTC")).toBe("UTC");
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    for (const bad of ["Mars/Olympus", "", "+02:00", "Europe/Paris; drop table", "a".repeat(80)]) {
      expect(timeZoneSchema.safeParse(bad).error?.issues[0]?.message).toBe("timeZone.invalid");
    }
  });
});

describe("job rules", () => {
  it("want a position of both coordinates or none, and a radius only with one", () => {
    expect(jobPositionIssue({})).toBeNull();
    expect(jobPositionIssue({ latitude: 1, longitude: 2, radius_m: 50 })).toBeNull();
    expect(jobPositionIssue({ latitude: 1 })).toEqual({ field: "longitude", message: "jobs.positionIncomplete" });
    expect(jobPositionIssue({ longitude: 0 })).toEqual({ field: "latitude", message: "jobs.positionIncomplete" });
    expect(jobPositionIssue({ radius_m: 50 })).toEqual({ field: "radius_m", message: "jobs.radiusNeedsPosition" });
  });

  it("keep the name and address as typed (trimmed), lowercase the colour, and keep the description's lines", () => {
    const job = jobCreateSchema.parse({
      name: " Cook & Grill (night) ",
      color: "#ABCDEF",
      description: "Line 1\n\tLine 2 ",
      address: "Hamra St. #12, Bldg 3/B",
    });
    expect(job).toMatchObject({
      name: "Cook & Grill (night)",
      color: "#abcdef",
      description: "Line 1\n\tLine 2",
      address: "Hamra St. #12, Bldg 3/B",
    });
    expect(boardCreateSchema.parse({ name: "Bar #2 / Terrace" }).name).toBe("Bar #2 / Terrace");
  });

  it("refuse control and text-direction characters in every text, naming the field, rather than dropping them", () => {
    const base = { name: "Cook", color: "#abcdef" };
    for (const field of ["name", "description", "address"]) {
      for (const bad of ["a\u0007b", "a\u0000b", "\u202eab"]) {
        const issues = jobCreateSchema.safeParse({ ...base, [field]: bad }).error?.issues;
        expect(issues?.map((issue) => [issue.path.join("."), issue.message])).toEqual([
          [field, "validation.unsafeCharacters"],
        ]);
      }
    }
  });

  it("take coordinates together in a change", () => {
    expect(jobUpdateSchema.safeParse({ latitude: 3 }).error?.issues[0]?.path).toEqual(["longitude"]);
    expect(jobUpdateSchema.safeParse({ latitude: null, longitude: null }).success).toBe(true);
    expect(jobUpdateSchema.safeParse({ name: "Bar" }).success).toBe(true);
  });
});

const access =
  (subject: "jobs" | "schedule") =>
  (role: Standing["role"], permissions: string[] = []) => ({
    view: can({ role, permissions }, `${subject}.view`),
    manage: can({ role, permissions }, `${subject}.manage`),
  });
const jobAccess = access("jobs");
const boardAccess = access("schedule");

describe("who may do what", () => {
  it("with jobs: owners and supervisors see them; owners and schedulers change them", () => {
    expect(jobAccess("OWNER")).toEqual({ view: true, manage: true });
    expect(jobAccess("SUPERVISOR")).toEqual({ view: true, manage: false });
    expect(jobAccess("SUPERVISOR", ["manage_scheduler"])).toEqual({ view: true, manage: true });
    expect(jobAccess("EMPLOYEE", ["manage_scheduler"])).toEqual({ view: false, manage: false });
    expect(jobAccess("ADMIN", ["view_scheduler", "manage_scheduler"])).toEqual({ view: true, manage: false });
    expect(jobAccess(undefined)).toEqual({ view: false, manage: false });
  });

  it("with boards: owners and admins everything; supervisors by permission; employees nothing", () => {
    expect(boardAccess("OWNER")).toEqual({ view: true, manage: true });
    expect(boardAccess("ADMIN")).toEqual({ view: true, manage: true });
    expect(boardAccess("SUPERVISOR")).toEqual({ view: false, manage: false });
    expect(boardAccess("SUPERVISOR", ["view_scheduler"])).toEqual({ view: true, manage: false });
    expect(boardAccess("SUPERVISOR", ["manage_scheduler"])).toEqual({ view: true, manage: true });
    expect(boardAccess("EMPLOYEE", ["view_scheduler", "manage_scheduler"])).toEqual({ view: false, manage: false });
  });
});

describe("board rules", () => {
  it("default the sets to empty and refuse a week start outside 0–6", () => {
    expect(boardCreateSchema.parse({ name: "Main" })).toEqual({ name: "Main", job_ids: [], member_ids: [] });
    expect(boardCreateSchema.safeParse({ name: "Main", week_start: 7 }).error?.issues[0]?.message).toBe(
      "boards.weekStartInvalid",
    );
  });
});
