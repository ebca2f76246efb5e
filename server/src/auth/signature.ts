import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/**
 * The client signs `subject:device_id:timestamp` (spec §7) with a key built
 * into the web app. Anyone can read that key, so this only filters clumsy
 * scripts and stale replays; the sending and trying limits are the protection.
 */
export function signatureFor(key: string, subject: string, deviceId: string, timestamp: number): string {
  return createHmac("sha256", key).update(`${subject}:${deviceId}:${timestamp}`).digest("hex");
}

export function isSignatureValid(
  key: string,
  proof: { subject: string; device_id: string; timestamp: number; signature: string },
  now = Date.now(),
): boolean {
  if (Math.abs(now - proof.timestamp) > SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(signatureFor(key, proof.subject, proof.device_id, proof.timestamp), "hex");
  const given = Buffer.from(proof.signature.toLowerCase(), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
