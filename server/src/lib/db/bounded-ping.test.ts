import { describe, expect, it } from "vitest";
import { boundedPing } from "./bounded-ping.ts";

describe("boundedPing", () => {
  it("passes on the database's answer", async () => {
    await expect(boundedPing(async () => {}, 50)()).resolves.toBeUndefined();
    await expect(
      boundedPing(async () => {
        throw new Error("connection refused");
      }, 50)(),
    ).rejects.toThrow("connection refused");
  });

  it("gives up on a database that does not answer in time, and sends no second query meanwhile", async () => {
    let release: () => void = () => {};
    let queries = 0;
    const ping = boundedPing(() => {
      queries += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    }, 20);
    await expect(ping()).rejects.toThrow("did not answer in time");
    await expect(ping()).rejects.toThrow("previous ping has not been answered");
    expect(queries).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const again = ping();
    release();
    await expect(again).resolves.toBeUndefined();
    expect(queries).toBe(2);
  });
});
