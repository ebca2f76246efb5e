import { describe, expect, it } from "vitest";
import { lengthHint } from "./length-hint.ts";

describe("a text field's count near its limit", () => {
  it("stays hidden far from the limit", () => {
    expect(lengthHint(0, 500)).toBeNull();
    expect(lengthHint(449, 500)).toBeNull();
  });

  it("shows in the last tenth, and says when it is over", () => {
    expect(lengthHint(450, 500)).toEqual({ used: 450, max: 500, over: false });
    expect(lengthHint(500, 500)).toEqual({ used: 500, max: 500, over: false });
    expect(lengthHint(501, 500)).toEqual({ used: 501, max: 500, over: true });
  });
});
