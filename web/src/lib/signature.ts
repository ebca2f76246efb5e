import { hmacSha256 } from "./sha256.ts";

/**
 * The key the client signs one-time-code requests with (spec §7). It ships in
 * the JavaScript, so anyone can read it: the signature is a signal against
 * clumsy scripts and stale replays, not a proof. The server checks it with
 * OTP_SIGNING_KEY, which has the same default.
 */
export const OTP_SIGNING_KEY: string = import.meta.env.VITE_OTP_SIGNING_KEY || "workshift-dev-signing-key";

/** What is signed: the phone (or the email, for email sign-in), the device id and the timestamp, joined by colons. */
export function signedText(subject: string, deviceId: string, timestamp: number): string {
  return `${subject}:${deviceId}:${timestamp}`;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Hex HMAC-SHA256 with Web Crypto, or the plain-JavaScript fallback outside secure contexts. */
export async function hmacSha256Hex(key: string, message: string, subtle = globalThis.crypto?.subtle): Promise<string> {
  const encoder = new TextEncoder();
  if (!subtle) return toHex(hmacSha256(encoder.encode(key), encoder.encode(message)));
  const cryptoKey = await subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(new Uint8Array(await subtle.sign("HMAC", cryptoKey, encoder.encode(message))));
}

export interface CodeProof {
  device_id: string;
  signature: string;
  timestamp: number;
}

/** The device id, timestamp and signature that go with a one-time code (spec §3, §7). */
export async function proveCode(
  subject: string,
  deviceId: string,
  timestamp = Date.now(),
  key = OTP_SIGNING_KEY,
): Promise<CodeProof> {
  const signature = await hmacSha256Hex(key, signedText(subject, deviceId, timestamp));
  return { device_id: deviceId, signature, timestamp };
}
