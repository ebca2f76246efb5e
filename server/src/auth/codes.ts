import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@workshift/contracts";

/** A code from the CSPRNG, fixed length with leading zeros. */
export function generateCode(length = OTP_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

/**
 * Only this is stored: an HMAC keyed with a server secret, bound to the
 * destination, so a leaked table does not give codes away (4 digits would
 * fall to a plain hash at once).
 */
export function hashCode(key: string, destination: string, code: string): string {
  return createHmac("sha256", key).update(`${destination}:${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** "phone:96171123456" or "email:rana@example.com": one key for limits and codes. */
export type Destination = { kind: "phone"; value: string } | { kind: "email"; value: string };

export const destinationKey = (destination: Destination) => `${destination.kind}:${destination.value}`;

export function destinationOf(input: { phone?: string | undefined; email?: string | undefined }): Destination {
  if (input.phone !== undefined) return { kind: "phone", value: input.phone };
  if (input.email !== undefined) return { kind: "email", value: input.email };
  throw new Error("a destination needs a phone or an email");
}
