import { describe, expect, it } from "vitest";

describe("zod without eval", () => {
  it("turns on zod's own jitless setting, in the object zod reads its settings from", async () => {
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });
});
