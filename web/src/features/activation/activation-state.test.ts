import { describe, expect, it } from "vitest";
import { isLinkGone, linkProblemOf } from "./activation-state.ts";

describe("an invitation link that cannot be used", () => {
  it("is invalid when unknown, used, replaced or revoked (404)", () => {
    expect(linkProblemOf(404, "invitation_invalid")).toBe("invalid");
    expect(linkProblemOf(404, undefined)).toBe("invalid");
  });

  it("is expired after its seven days (410)", () => {
    expect(linkProblemOf(410, "invitation_expired")).toBe("expired");
  });

  it("is a network or server problem otherwise, which is worth retrying", () => {
    expect(linkProblemOf(undefined, undefined)).toBe("network");
    expect(linkProblemOf(500, "internal")).toBe("generic");
    expect(isLinkGone(500, "internal")).toBe(false);
    expect(isLinkGone(400, "otp_invalid")).toBe(false);
    expect(isLinkGone(410, "invitation_expired")).toBe(true);
    expect(isLinkGone(404, "invitation_invalid")).toBe(true);
  });
});
