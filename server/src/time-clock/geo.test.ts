import { describe, expect, it } from "vitest";
import { distanceMeters } from "./geo.ts";

describe("distance between two positions", () => {
  it("is zero for the same place", () => {
    expect(distanceMeters({ latitude: 33.9, longitude: 35.5 }, { latitude: 33.9, longitude: 35.5 })).toBe(0);
  });

  it("measures Beirut to Paris as about 3,180 km", () => {
    const km =
      distanceMeters({ latitude: 33.8938, longitude: 35.5018 }, { latitude: 48.8566, longitude: 2.3522 }) / 1000;
    expect(km).toBeGreaterThan(3150);
    expect(km).toBeLessThan(3210);
  });

  it("measures 0.001° of latitude as about 111 m", () => {
    const m = distanceMeters({ latitude: 33.9, longitude: 35.5 }, { latitude: 33.901, longitude: 35.5 });
    expect(m).toBeCloseTo(111.2, 0);
  });
});
