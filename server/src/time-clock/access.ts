import { timesheetAccess } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import { type Actor, actorOf, forbidden } from "../auth/authorize.ts";
import type { Db } from "../lib/db/database.ts";

/**
 * The acting person, if they may `need` the managers' time clock (the
 * contracts' timesheetAccess: OWNER; SUPERVISOR with view_timesheet or
 * manage_timesheet; never the platform ADMIN). Read live; 403 otherwise.
 */
export async function timesheetActor(db: Db, request: FastifyRequest, need: "view" | "manage"): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (!timesheetAccess(actor.role, actor.permissions)[need]) throw forbidden();
  return actor;
}
