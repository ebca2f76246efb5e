import { can } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import { claimsOf } from "../../auth/authenticate.ts";
import { type Tx, withOrganization } from "../db/tenancy.ts";
import { forbidden } from "../http/errors.ts";
import { type Actor, readActor } from "./actor.ts";
import { accountsOfRequest } from "./person-ids.ts";
import { parseRequestInput } from "./request-input.ts";
import { isTenantAccess, markTenantChecked, routeAccessOf } from "./route-access.ts";

/** SQLSTATEs after which a whole transaction may simply run again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

const sqlState = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;

/**
 * The only way a request works on its organization's rows. In one
 * transaction, in the access token's organization (row-level security set):
 * reads the caller's membership and whether the token's session is still
 * live (see readActor for its lock), checks the route's declared action
 * against the access table (403), validates the request (400), then runs
 * `work`. So a right withdrawn while a write is in
 * flight either waits for that write to commit or refuses it; never a write
 * after it.
 *
 * Two transactions that lock people in crossing orders (two owners changing
 * each other at once) can deadlock; PostgreSQL then cancels one, which runs
 * again from the start here, re-reading its rights.
 */
export async function inTenant<T>(request: FastifyRequest, work: (tx: Tx, actor: Actor) => Promise<T>): Promise<T> {
  const access = routeAccessOf(request);
  if (!isTenantAccess(access)) throw new Error(`${request.routeOptions.url} is not a tenant route`);
  const claims = claimsOf(request);
  if (claims.organizationId === null) throw forbidden("Choose an organization first");
  const organizationId = claims.organizationId;
  // A run again after a deadlock validates nothing twice: the request already holds the parsed values.
  let validated = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await withOrganization(request.server.database.db, organizationId, async (tx) => {
        const actor = await readActor(tx, claims, organizationId);
        if (!can(actor, access)) throw forbidden();
        if (!validated) {
          parseRequestInput(request);
          // The people the request names, as accounts (it names them by their ids in this organization).
          await accountsOfRequest(tx, organizationId, request);
          validated = true;
          markTenantChecked(request);
        }
        return work(tx, actor);
      });
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? "")) throw error;
    }
  }
}
