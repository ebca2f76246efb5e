import { type Role, roles } from "@workshift/contracts";
import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { ACCESS_TOKEN_MINUTES } from "./limits.ts";

const ISSUER = "workshift";
const AUDIENCE = "workshift-api";
const ALGORITHM = "HS256";
const TYPE = "JWT";

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
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_MINUTES}m`)
    .sign(key);
}

/**
 * Every claim signAccessToken sets, each required: a token without one (no
 * `exp` would never expire) was not made by this server as it is now. The
 * organization and role are null before an organization is chosen, but always
 * present.
 */
const claimsSchema = z.object({
  sub: z.guid(),
  sid: z.guid(),
  org: z.guid().nullable(),
  role: z.enum(roles).nullable(),
});

/** The claims of a valid token, or null for a missing, expired, forged or malformed one. */
export async function readAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: [ALGORITHM],
      typ: TYPE,
      requiredClaims: ["iss", "aud", "iat", "exp"],
      // Nothing lives longer than the server makes it live, whatever its `exp` says.
      maxTokenAge: `${ACCESS_TOKEN_MINUTES}m`,
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    return {
      userId: claims.data.sub,
      organizationId: claims.data.org,
      role: claims.data.role,
      sessionId: claims.data.sid,
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
