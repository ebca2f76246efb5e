import { describe, expect, it } from "vitest";
import { refusalReasonKey } from "./refusal-reason.ts";

describe("a refused punch's reason, for the manager", () => {
  it("is read by the refusal's own key", () => {
    expect(refusalReasonKey("timeClock.outsideSite")).toBe("live.refused.reasons.outsideSite");
    expect(refusalReasonKey("timeClock.alreadyIn")).toBe("live.refused.reasons.alreadyIn");
    expect(refusalReasonKey("timeClock.overlaps")).toBe("live.refused.reasons.overlaps");
  });

  it("reads 'other' for a reason this page does not know yet", () => {
    expect(refusalReasonKey("timeClock.somethingNew")).toBe("live.refused.reasons.other");
    expect(refusalReasonKey("nonsense")).toBe("live.refused.reasons.other");
  });
});
