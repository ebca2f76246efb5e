import { can } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import { claimsOf } from "../../auth/authenticate.ts";
import type { Db } from "../db/database.ts";
import { type Tx, withOrganization } from "../db/tenancy.ts";
import { AppError, forbidden } from "../http/errors.ts";
import { writtenPosition } from "../http/wal-cookie.ts";
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
export function inTenant<T>(request: FastifyRequest, work: (tx: Tx, actor: Actor) => Promise<T>): Promise<T> {
  return inTenantOn(request.server.database.db, request, work, { lock: true });
}

/** Whether the request's input was parsed by a run on the replica (a run again must not parse it twice). */
type Validated = {
  parsed?: boolean;
  done: boolean;
  /** The parsed input as sent, before its person ids became accounts (a run elsewhere maps them again). */
  sent?: Pick<FastifyRequest, "params" | "query" | "body">;
};

/**
 * `inTenant` for a heavy read that may be served by the read replica
 * (DATABASE_READ_URL): the timesheets, their exports, the month and the
 * overview. It authorizes the same way, in the same transaction, on whichever
 * database serves (the replica holds the memberships too), without row locks
 * (a standby takes none; a read has no write to order against a withdrawal).
 * The replica serves only once it has replayed the reader's own last write
 * (their cookie, see wal-cookie.ts) and is within its lag bound; whatever the
 * replica refuses or fails runs again on the primary, so it never turns an
 * answer into a refusal or an error. Without a replica it is `inTenant`.
 * Only for work that reads: the replica refuses writes.
 */
export async function inTenantRead<T>(request: FastifyRequest, work: (tx: Tx, actor: Actor) => Promise<T>): Promise<T> {
  const reads = request.server.replicaReads;
  if (!reads) return inTenant(request, work);
  const { pool, db } = await reads.choose(writtenPosition(request));
  const validated: Validated = { done: false };
  if (pool === "replica") {
    try {
      const answer = await inTenantOn(db, request, work, { lock: false }, validated);
      countRead(request, "replica");
      return answer;
    } catch (error) {
      // A refusal may only mean the replica has not seen the change yet (a new session, a new board).
      if (!(error instanceof AppError)) reads.failed(error);
      request.log.debug({ err: error }, "a read on the replica failed; it runs again on the primary");
      // The replica may not know a person the request names yet: the primary maps the ids afresh.
      if (validated.sent) Object.assign(request, validated.sent);
      validated.done = false;
    }
  }
  const answer = await inTenantOn(request.server.database.db, request, work, { lock: true }, validated);
  countRead(request, "primary");
  return answer;
}

function countRead(request: FastifyRequest, pool: "replica" | "primary"): void {
  request.log.debug({ pool }, "heavy read served");
  request.server.metrics?.heavyReads.inc({ pool });
}

async function inTenantOn<T>(
  db: Db,
  request: FastifyRequest,
  work: (tx: Tx, actor: Actor) => Promise<T>,
  options: { lock: boolean },
  // A run again (after a deadlock, or on the primary after the replica) validates nothing twice:
  // the request already holds the parsed values.
  validated: Validated = { done: false },
): Promise<T> {
  const access = routeAccessOf(request);
  if (!isTenantAccess(access)) throw new Error(`${request.routeOptions.url} is not a tenant route`);
  const claims = claimsOf(request);
  if (claims.organizationId === null) throw forbidden("Choose an organization first");
  const organizationId = claims.organizationId;
  for (let attempt = 1; ; attempt++) {
    try {
      return await withOrganization(db, organizationId, async (tx) => {
        const actor = await readActor(tx, claims, organizationId, options);
        if (!can(actor, access)) throw forbidden();
        if (!validated.done) {
          if (!validated.parsed) parseRequestInput(request);
          validated.parsed = true;
          validated.sent ??= { params: request.params, query: request.query, body: request.body };
          // The people the request names, as accounts (it names them by their ids in this organization).
          await accountsOfRequest(tx, organizationId, request);
          validated.done = true;
          markTenantChecked(request);
        }
        return work(tx, actor);
      });
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? "")) throw error;
    }
  }
}
