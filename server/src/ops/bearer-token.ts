import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Compared in
 * constant time: both sides are hashed to the same length first, so neither
 * the token's length nor its matching prefix shows in the timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given !== "";
}
