import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { scheduleBoard } from "./scope.ts";

export interface StreamScope {
  organizationId: string;
  userId: string;
  boards: "all" | ReadonlySet<string>;
}

/**
 * Which boards a stream follows, for someone the route already let see the
 * schedule: one active board of their organization (404 for any other id,
 * another organization's included) or all of them.
 */
export async function streamScope(tx: Tx, actor: Actor, board: string): Promise<StreamScope> {
  const scope = { organizationId: actor.organizationId, userId: actor.userId };
  if (board === "all") return { ...scope, boards: "all" };
  const found = await scheduleBoard(tx, actor.organizationId, board);
  return { ...scope, boards: new Set([found.id]) };
}
