import { boardAccess } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import { type Actor, actorOf, forbidden } from "../auth/authorize.ts";
import type { Db } from "../lib/db/database.ts";

/**
 * The acting person, if they may `need` schedule boards (the contracts'
 * boardAccess: view for OWNER, ADMIN and SUPERVISOR with view_scheduler or
 * manage_scheduler; manage for OWNER, ADMIN and SUPERVISOR with
 * manage_scheduler). Read live from the database; fails closed with 403.
 */
export async function boardActor(db: Db, request: FastifyRequest, need: "view" | "manage"): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (!boardAccess(actor.role, actor.permissions)[need]) throw forbidden();
  return actor;
}
