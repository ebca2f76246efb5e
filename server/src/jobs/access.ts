import { jobAccess } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import { type Actor, actorOf, forbidden } from "../auth/authorize.ts";
import type { Db } from "../lib/db/database.ts";

/**
 * The acting person, if they may `need` jobs (the contracts' jobAccess: view
 * for OWNER and any SUPERVISOR; manage for OWNER and SUPERVISOR with
 * manage_scheduler). Read live from the database; fails closed with 403.
 */
export async function jobActor(db: Db, request: FastifyRequest, need: "view" | "manage"): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (!jobAccess(actor.role, actor.permissions)[need]) throw forbidden();
  return actor;
}
