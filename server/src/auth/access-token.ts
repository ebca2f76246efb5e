import type { Role } from "@workshift/contracts";
import { errors, jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_MINUTES } from "./limits.ts";

const ISSUER = "workshift";
const AUDIENCE = "workshift-api";
const ALGORITHM = "HS256";

/** Who is calling, in which organization, as which role, from which sign-in. */
export interface AccessClaims {
  userId: string;
  organizationId: string | null;
  role: Role | null;
  /** The refresh-token family (one sign-in); logout ends it. */
  sessionId: string;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ org: claims.organizationId, role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_MINUTES}m`)
    .sign(key);
}

/** The claims of a valid token, or null for a missing, expired, forged or malformed one. */
export async function readAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return {
      userId: payload.sub,
      organizationId: typeof payload.org === "string" ? payload.org : null,
      role: typeof payload.role === "string" ? (payload.role as Role) : null,
      sessionId: payload.sid,
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
