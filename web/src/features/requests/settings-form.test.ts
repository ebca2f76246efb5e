import { DEFAULT_REQUEST_SETTINGS, requestSettingsUpdateSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { reasonProblem } from "./decline-form.ts";
import {
  sameJobRuleApplies,
  settingsChanges,
  settingsFieldErrors,
  settingsValues,
  validateRequestSettings,
} from "./settings-form.ts";

describe("the request settings form", () => {
  const loaded = DEFAULT_REQUEST_SETTINGS;

  it("sends only what changed, as the API names it", () => {
    const values = { ...settingsValues(loaded), claim_needs_approval: false, deadline_hours: "48" };
    const body = settingsChanges(loaded, values);
    expect(body).toEqual({ claim_needs_approval: false, deadline_hours: 48 });
    expect(requestSettingsUpdateSchema.safeParse(body).success).toBe(true);
    expect(settingsChanges(loaded, settingsValues(loaded))).toEqual({});
  });

  it("refuses the deadline the server would, with its message", () => {
    for (const deadline of ["", -1, 1.5, 14 * 24 + 1]) {
      expect(validateRequestSettings({ ...settingsValues(loaded), deadline_hours: deadline })).toEqual({
        deadline_hours: "requests.deadlineInvalid",
      });
    }
    expect(validateRequestSettings({ ...settingsValues(loaded), deadline_hours: 0 })).toEqual({});
  });

  it("shows the API's field messages at the form's fields only", () => {
    expect(settingsFieldErrors({ deadline_hours: "requests.deadlineInvalid", other: "x" })).toEqual({
      deadline_hours: "requests.deadlineInvalid",
    });
  });

  it("offers the same-job swap rule only while swaps wait for a manager", () => {
    expect(sameJobRuleApplies({ swap_needs_approval: true })).toBe(true);
    expect(sameJobRuleApplies({ swap_needs_approval: false })).toBe(false);
  });
});

describe("the reason a decline asks for", () => {
  it("is required, at most 500 characters, and plain text", () => {
    expect(reasonProblem("")).toBe("requests.reasonRequired");
    expect(reasonProblem("   ")).toBe("requests.reasonRequired");
    expect(reasonProblem("x".repeat(501))).toBe("requests.reasonTooLong");
    expect(reasonProblem("Short\u202Eof staff")).toBe("validation.unsafeCharacters");
    expect(reasonProblem("We are short that day.\nSorry!")).toBeNull();
  });
});
