import { describe, expect, it } from "vitest";
import { readSession } from "./session.ts";

const user = { id: "u", first_name: "A", last_name: "B", role: null };

describe("readSession (spec §8)", () => {
  it("accepts tokens with a user", () => {
    expect(readSession({ access: "a", refresh: "r", user })).toEqual({ access: "a", refresh: "r", user });
  });

  it("is a failed login without a result or tokens", () => {
    for (const body of [undefined, null, "", {}, { access: "a" }, { access: "", refresh: "r", user }]) {
      expect(() => readSession(body)).toThrow("Login failed. Please check your credentials.");
    }
  });

  it("is a failed user read when the user is missing", () => {
    expect(() => readSession({ access: "a", refresh: "r" })).toThrow("Failed to fetch user data");
    expect(() => readSession({ access: "a", refresh: "r", user: null })).toThrow("Failed to fetch user data");
  });
});
