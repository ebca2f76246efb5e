import { describe, expect, it } from "vitest";
import { combinedStatus } from "./use-overview-events.ts";

describe("the overview's live indicator", () => {
  it("is live only while every open stream is", () => {
    expect(combinedStatus(["live", "live"])).toBe("live");
    expect(combinedStatus(["live", "connecting"])).toBe("connecting");
    expect(combinedStatus(["connecting", "reconnecting"])).toBe("reconnecting");
  });

  it("follows the one stream a person may open, and is off with none", () => {
    expect(combinedStatus(["off", "live"])).toBe("live");
    expect(combinedStatus(["reconnecting", "off"])).toBe("reconnecting");
    expect(combinedStatus(["off", "off"])).toBe("off");
  });
});
