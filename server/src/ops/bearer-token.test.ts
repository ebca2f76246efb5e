import { describe, expect, it } from "vitest";
import { bearerMatches } from "./bearer-token.ts";

const token = "metrics-token-0123456789abcdef";

describe("bearerMatches", () => {
  it("accepts the token after Bearer (any case of the word)", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["another token", "Bearer metrics-token-0123456789abcdeX"],
    ["the token with more after it", `Bearer ${token}x`],
    ["a prefix of the token", `Bearer ${token.slice(0, 10)}`],
    ["the token without the scheme", token],
    ["another scheme", `Basic ${token}`],
  ])("refuses %s", (_what, header) => {
    expect(bearerMatches(header, token)).toBe(false);
  });
});
