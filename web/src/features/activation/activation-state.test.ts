import { describe, expect, it } from "vitest";
import { linkProblemOf } from "./activation-state.ts";

describe("an invitation link that cannot be used", () => {
  it("is invalid when unknown, used, replaced or revoked", () => {
    expect(linkProblemOf("invitation_invalid")).toBe("invalid");
  });

  it("is expired after its seven days", () => {
    expect(linkProblemOf("invitation_expired")).toBe("expired");
  });

  it("is fine when the failure is about something else, which is worth retrying", () => {
    expect(linkProblemOf("network")).toBeNull();
    expect(linkProblemOf("internal")).toBeNull();
    expect(linkProblemOf("otp_invalid")).toBeNull();
  });
});
