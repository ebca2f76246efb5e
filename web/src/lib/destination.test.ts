import { describe, expect, it } from "vitest";
import { destinationFrom, destinationValue, displayDestination } from "./destination.ts";

describe("displayDestination (spec §2)", () => {
  it("puts a plus in front of a phone", () => {
    expect(displayDestination("96171123456")).toBe("+96171123456");
  });

  it("does not double an existing plus", () => {
    expect(displayDestination("+96171123456")).toBe("+96171123456");
  });

  it("shows an email as it is", () => {
    expect(displayDestination("someone@example.com")).toBe("someone@example.com");
    expect(displayDestination("+tag@example.com")).toBe("+tag@example.com");
  });
});

describe("destinations", () => {
  it("go to one string and back", () => {
    expect(destinationValue({ phone: "96171123456" })).toBe("96171123456");
    expect(destinationValue({ email: "a@b.co" })).toBe("a@b.co");
    expect(destinationFrom("+96171123456")).toEqual({ phone: "96171123456" });
    expect(destinationFrom("a@b.co")).toEqual({ email: "a@b.co" });
  });
});
