import { afterEach, describe, expect, it, vi } from "vitest";
import { currentPosition, newPunchId, toPunchLocation } from "./clock-location.ts";

type Success = (position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void;
type Failure = (error: { code: number }) => void;

function fakeGeolocation(run: (success: Success, failure: Failure) => void) {
  return { getCurrentPosition: vi.fn(run) } as unknown as Geolocation;
}

afterEach(() => vi.useRealTimers());

describe("currentPosition", () => {
  it("gives the position, rounded", async () => {
    const geolocation = fakeGeolocation((success) =>
      success({ coords: { latitude: 48.858_370_123, longitude: 2.294_481_987, accuracy: 14.6 } }),
    );
    await expect(currentPosition(geolocation)).resolves.toEqual({
      location: { latitude: 48.85837, longitude: 2.294482, accuracy: 15 },
    });
  });

  it("says why there is none", async () => {
    await expect(currentPosition(fakeGeolocation((_, failure) => failure({ code: 1 })))).resolves.toEqual({
      failure: "denied",
    });
    await expect(currentPosition(fakeGeolocation((_, failure) => failure({ code: 2 })))).resolves.toEqual({
      failure: "unavailable",
    });
    await expect(currentPosition(undefined)).resolves.toEqual({ failure: "unsupported" });
  });

  it("never waits longer than the timeout, even while the browser's question is open", async () => {
    vi.useFakeTimers();
    const answer = currentPosition(
      fakeGeolocation(() => {}),
      10_000,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(answer).resolves.toEqual({ failure: "timeout" });
  });
});

describe("toPunchLocation", () => {
  it("keeps the accuracy within what the API takes", () => {
    expect(toPunchLocation({ latitude: 1, longitude: 2, accuracy: Number.POSITIVE_INFINITY }).accuracy).toBeNull();
    expect(toPunchLocation({ latitude: 1, longitude: 2, accuracy: 250_000 }).accuracy).toBe(100_000);
  });
});

describe("newPunchId", () => {
  it("is a v4 UUID, also without randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newPunchId()).toMatch(uuid);
    // An http:// page (no secure context) has no randomUUID: shadow it for a moment.
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      expect(newPunchId()).toMatch(uuid);
      expect(newPunchId()).not.toBe(newPunchId());
    } finally {
      Reflect.deleteProperty(globalThis.crypto, "randomUUID");
    }
    expect(typeof globalThis.crypto.randomUUID).toBe("function");
  });
});
