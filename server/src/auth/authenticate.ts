import type { FastifyReply, FastifyRequest } from "fastify";
import { refuse } from "../lib/http/errors.ts";
import { type AccessClaims, readAccessToken } from "./access-token.ts";
import { isSessionLive } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/** 403 token_invalid is the client's cue to refresh once and retry (spec §4). */
export const tokenInvalid = () => refuse("token_invalid", "The access token is missing, expired or invalid");

/** A route hook: the request goes on only with a valid access token, whose claims it carries. */
export function authenticate(key: Uint8Array) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    const claims = token === "" ? null : await readAccessToken(key, token);
    if (claims === null) throw tokenInvalid();
    request.auth = claims;
  };
}

/**
 * A route hook after `authenticate` for routes outside an organization's
 * transaction ("signed-in"): the token's session must still be live, so a
 * token outlives neither its logout nor an archive. Tenant routes ask the same
 * inside their transaction (readActor), in the query that reads the membership.
 */
export async function requireLiveSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await isSessionLive(request.server.database.db, claimsOf(request).sessionId))) throw tokenInvalid();
}

/** The claims of an authenticated request (after `authenticate`). */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (request.auth === null) throw tokenInvalid();
  return request.auth;
}
