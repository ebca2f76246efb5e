import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What a caller's `x-request-id` may be to be kept: short, and nothing a log line could mistake for more. */
const CALLERS_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the caller's `x-request-id` when it looks like an id (a
 * proxy's or a client's, so logs on both sides meet), else one made here. A
 * longer one, or one with other characters, would let anyone write what they
 * like into every log line of their request. Made ids are unique across
 * instances (random prefix) and cheap per request (a counter).
 */
export function requestIds(): (request: IncomingMessage) => string {
  const prefix = randomBytes(6).toString("hex");
  let next = 0;
  return (request) => {
    const given = request.headers["x-request-id"];
    if (typeof given === "string" && CALLERS_ID.test(given)) return given;
    return `${prefix}-${(next++).toString(36)}`;
  };
}
