import type { FastifyRequest } from "fastify";
import { boardActor } from "../boards/access.ts";
import type { Db } from "../lib/db/database.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { scheduleBoard } from "./access.ts";

export interface StreamScope {
  organizationId: string;
  userId: string;
  boards: "all" | ReadonlySet<string>;
}

/**
 * Who may follow which boards: someone who may view the scheduler (403
 * otherwise), on one active board of their organization (404 for any other
 * id, another organization's included) or on all of them.
 */
export async function streamScope(db: Db, request: FastifyRequest, board: string): Promise<StreamScope> {
  const actor = await boardActor(db, request, "view");
  const scope = { organizationId: actor.organizationId, userId: actor.userId };
  if (board === "all") return { ...scope, boards: "all" };
  const found = await withOrganization(db, actor.organizationId, (tx) =>
    scheduleBoard(tx, actor.organizationId, board),
  );
  return { ...scope, boards: new Set([found.id]) };
}
