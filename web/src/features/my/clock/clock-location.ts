/**
 * The device's position for a punch, only with the person's consent: their
 * answer is kept per person in localStorage, and the browser asks its own
 * question too. A punch never waits longer than LOCATION_TIMEOUT_MS for it.
 */
import type { PunchLocation } from "@workshift/contracts";
import { readItem, writeItem } from "../../../lib/storage.ts";
import { CLOCK_LOCATION_KEY } from "../../../lib/storage-keys.ts";

export const LOCATION_TIMEOUT_MS = 10_000;
/** A position this recent is good enough (the browser keeps it). */
export const LOCATION_MAX_AGE_MS = 60_000;

export type LocationChoice = "granted" | "declined";
export type LocationFailure = "denied" | "unavailable" | "timeout" | "unsupported";
export type PositionResult = { location: PunchLocation } | { failure: LocationFailure };

const keyFor = (userId: string) => `${CLOCK_LOCATION_KEY}:${userId}`;

export function readLocationChoice(userId: string): LocationChoice | null {
  const value = readItem("localStorage", keyFor(userId));
  return value === "granted" || value === "declined" ? value : null;
}

export function writeLocationChoice(userId: string, choice: LocationChoice): void {
  writeItem("localStorage", keyFor(userId), choice);
}

/** Rounded as the API keeps it: 6 decimals (about 10 cm), whole metres of accuracy. */
export function toPunchLocation(
  coords: Pick<GeolocationCoordinates, "latitude" | "longitude" | "accuracy">,
): PunchLocation {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    latitude: round(coords.latitude),
    longitude: round(coords.longitude),
    accuracy: Number.isFinite(coords.accuracy) ? Math.min(100_000, Math.max(0, Math.round(coords.accuracy))) : null,
  };
}

/**
 * Where the device is, or why not. The browser's own timeout starts only once
 * its permission question is answered, so a timer of ours bounds the whole wait.
 */
export function currentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
  timeoutMs = LOCATION_TIMEOUT_MS,
): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ failure: "unsupported" });
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: PositionResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => finish({ failure: "timeout" }), timeoutMs);
    try {
      geolocation.getCurrentPosition(
        (position) => finish({ location: toPunchLocation(position.coords) }),
        (error) => {
          const failure = error.code === 1 ? "denied" : error.code === 3 ? "timeout" : "unavailable";
          finish({ failure });
        },
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: LOCATION_MAX_AGE_MS },
      );
    } catch {
      finish({ failure: "unavailable" });
    }
  });
}

/** A punch's id: a v4 UUID (randomUUID needs a secure context; getRandomValues works everywhere). */
export function newPunchId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
