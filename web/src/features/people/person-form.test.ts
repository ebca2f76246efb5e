import { type Person, personUpdateSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { changedPersonFields, personFormSchema, personUpdateBody, personValuesFrom, rateText } from "./person-form.ts";

const person: Person = {
  id: "5b0c7a3e-2f4d-4c1a-9e8b-6d7f8a9b0c1d",
  first_name: "Rana",
  last_name: "Haddad",
  phone: "96171123456",
  email: null,
  initials: "RH",
  color: "#0b7285",
  role: "SUPERVISOR",
  permissions: ["view_timesheet", "view_scheduler"],
  status: "active",
  hourly_rate: 12.5,
  employee_id: "E-042",
  job_ids: ["b", "a"],
  board_ids: [],
  invitation: null,
  invited_by: null,
  created_at: "2026-01-01T00:00:00Z",
  archived_at: null,
};

const loaded = personValuesFrom(person);
const body = (current: typeof loaded, namesEditable = false) =>
  personUpdateBody(loaded, current, personFormSchema.parse(current), { namesEditable });

describe("the edit form", () => {
  it("starts from the person, lists sorted and the rate as text", () => {
    expect(loaded).toEqual({
      first_name: "Rana",
      last_name: "Haddad",
      role: "SUPERVISOR",
      permissions: ["view_scheduler", "view_timesheet"],
      job_ids: ["a", "b"],
      board_ids: [],
      hourly_rate: "12.5",
      employee_id: "E-042",
    });
    expect(rateText(null)).toBe("");
    expect(rateText(15)).toBe("15");
  });

  it("is not dirty when lists only changed order or the rate is written another way", () => {
    expect(changedPersonFields(loaded, { ...loaded, job_ids: ["b", "a"] })).toEqual([]);
    expect(changedPersonFields(loaded, { ...loaded, hourly_rate: "12.50" })).toEqual([]);
    expect(changedPersonFields(loaded, { ...loaded, hourly_rate: "12,5" })).toEqual([]);
    expect(changedPersonFields(loaded, { ...loaded, first_name: " Rana " })).toEqual([]);
  });

  it("is dirty for a real change, and for a rate that is not a rate (so Save shows why)", () => {
    expect(changedPersonFields(loaded, { ...loaded, hourly_rate: "" })).toEqual(["hourly_rate"]);
    expect(changedPersonFields(loaded, { ...loaded, hourly_rate: "abc" })).toEqual(["hourly_rate"]);
    expect(changedPersonFields(loaded, { ...loaded, permissions: ["view_scheduler"] })).toEqual(["permissions"]);
  });
});

describe("the PATCH body", () => {
  it("holds only what changed, and is what the API accepts", () => {
    const patch = body({ ...loaded, permissions: [...loaded.permissions, "manage_users"], hourly_rate: "" });
    expect(patch).toEqual({ permissions: ["manage_users", "view_scheduler", "view_timesheet"], hourly_rate: null });
    expect(personUpdateSchema.safeParse(patch).success).toBe(true);
    expect(body(loaded)).toEqual({});
  });

  it("sends names only while they may change", () => {
    expect(body({ ...loaded, first_name: "Rania" })).toEqual({});
    expect(body({ ...loaded, first_name: "Rania" }, true)).toEqual({ first_name: "Rania" });
  });

  it("clears permissions when a supervisor becomes an employee, and sends them when someone becomes a supervisor", () => {
    expect(body({ ...loaded, role: "EMPLOYEE" })).toEqual({ role: "EMPLOYEE", permissions: [] });
    const employee = personValuesFrom({ ...person, role: "EMPLOYEE", permissions: [] });
    const promoted = personUpdateBody(
      employee,
      { ...employee, role: "SUPERVISOR", permissions: ["view_scheduler"] },
      personFormSchema.parse(employee),
      { namesEditable: false },
    );
    expect(promoted).toEqual({ role: "SUPERVISOR", permissions: ["view_scheduler"] });
  });

  it("sends changed jobs and schedules as sorted lists", () => {
    expect(body({ ...loaded, job_ids: ["c", "a"], board_ids: ["z"] })).toEqual({
      job_ids: ["a", "c"],
      board_ids: ["z"],
    });
  });

  it("sends a changed employee id as typed, and null when it is cleared", () => {
    expect(body({ ...loaded, employee_id: " E-042 " })).toEqual({});
    expect(body({ ...loaded, employee_id: "E-043" })).toEqual({ employee_id: "E-043" });
    expect(body({ ...loaded, employee_id: "" })).toEqual({ employee_id: null });
    expect(personFormSchema.safeParse({ ...loaded, employee_id: "x".repeat(51) }).success).toBe(false);
  });
});
