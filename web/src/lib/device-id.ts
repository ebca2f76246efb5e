import { readItem, writeItem } from "./storage.ts";
import { DEVICE_ID_KEY } from "./storage-keys.ts";

let inMemory: string | undefined;

/** 128 random bits as hex (getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newDeviceId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The `device_id` sent with one-time codes (spec §3 calls it a browser
 * fingerprint). We do not fingerprint: this is a random id made once and kept
 * in localStorage, which tells the server "the same browser as before" without
 * reading anything about the person's machine or pinging a third party. When
 * storage is blocked it lasts as long as the page.
 */
export function getDeviceId(): string {
  const stored = readItem("localStorage", DEVICE_ID_KEY);
  if (stored) return stored;
  inMemory ??= newDeviceId();
  writeItem("localStorage", DEVICE_ID_KEY, inMemory);
  return inMemory;
}
