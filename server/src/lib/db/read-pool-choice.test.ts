import { describe, expect, it } from "vitest";
import { chooseReadPool, lsnAtLeast, parseLsn } from "./read-pool-choice.ts";

describe("WAL positions", () => {
  it("reads 'X/Y' as the high and low 32 bits", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("1/0")).toBe(1n << 32n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn("FFFFFFFF/FFFFFFFF")).toBe((1n << 64n) - 1n);
  });

  it("compares them as numbers, not as text", () => {
    // As text "0/9" > "0/10" and "9/0" > "10/0"; as positions it is the other way round.
    expect(lsnAtLeast("0/10", "0/9")).toBe(true);
    expect(lsnAtLeast("0/9", "0/10")).toBe(false);
    expect(lsnAtLeast("10/0", "9/FFFFFFFF")).toBe(true);
    expect(lsnAtLeast("1/0", "0/FFFFFFFF")).toBe(true);
    expect(lsnAtLeast("0/FFFFFFFF", "1/0")).toBe(false);
    expect(lsnAtLeast("2/A0", "2/a0")).toBe(true);
  });

  it("knows no position in anything else", () => {
    for (const text of ["", "0", "0/", "/0", "0/0/0", "G/0", "123456789/0", " 0/0", "0/0;", null, undefined]) {
      expect(parseLsn(text)).toBeNull();
    }
    expect(() => lsnAtLeast("x", "0/0")).toThrow(/not a WAL position/);
  });
});

describe("where a heavy read goes", () => {
  const maxLagMs = 10_000;
  const replica = (replayed: string, lagMs = 0) => ({ replayed, lagMs });

  it("goes to the replica when it has replayed the reader's last write", () => {
    expect(chooseReadPool({ written: "0/3000000", replica: replica("0/3000000"), maxLagMs })).toBe("replica");
    expect(chooseReadPool({ written: "0/3000000", replica: replica("1/0"), maxLagMs })).toBe("replica");
  });

  it("stays on the primary while the replica has not replayed it", () => {
    expect(chooseReadPool({ written: "0/3000001", replica: replica("0/3000000"), maxLagMs })).toBe("primary");
    expect(chooseReadPool({ written: "1/0", replica: replica("0/FFFFFFFF"), maxLagMs })).toBe("primary");
  });

  it("goes to the replica for a reader who wrote nothing lately (or whose cookie is no position)", () => {
    expect(chooseReadPool({ written: null, replica: replica("0/1"), maxLagMs })).toBe("replica");
    expect(chooseReadPool({ written: "soon", replica: replica("0/1"), maxLagMs })).toBe("replica");
  });

  it("stays on the primary when the replica is further behind than the bound, cookie or not", () => {
    expect(chooseReadPool({ written: null, replica: replica("5/0", 10_001), maxLagMs })).toBe("primary");
    expect(chooseReadPool({ written: "0/1", replica: replica("5/0", 10_001), maxLagMs })).toBe("primary");
    expect(chooseReadPool({ written: null, replica: replica("5/0", 10_000), maxLagMs })).toBe("replica");
  });

  it("stays on the primary when the replica does not answer or reports no position", () => {
    expect(chooseReadPool({ written: null, replica: null, maxLagMs })).toBe("primary");
    expect(chooseReadPool({ written: "0/1", replica: null, maxLagMs })).toBe("primary");
    expect(chooseReadPool({ written: null, replica: replica(""), maxLagMs })).toBe("primary");
  });
});
