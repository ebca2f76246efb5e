import { can, type Request, type requestCreateSchema } from "@workshift/contracts";
import type { z } from "zod";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { forbidden } from "../lib/http/errors.ts";
import { askTimeOffCancel } from "../time-off/ask-cancel.ts";
import { askTimeOff } from "../time-off/ask-time-off.ts";
import { askAvailability } from "./ask-availability.ts";
import { askClaim } from "./ask-claim.ts";
import { askCorrection } from "./ask-correction.ts";
import { askCover } from "./ask-cover.ts";
import { askSwap } from "./ask-swap.ts";
import { RequestEffects, type RequestOptions } from "./effects.ts";
import { presentRequests, type RequestRow } from "./records.ts";
import { requestSettings } from "./settings.ts";
import type { StepContext } from "./transitions.ts";

/** The outcome of a step: the request as shown, and how many messages were queued (the route wakes delivery). */
export interface StepResult {
  request: Request;
  notified: number;
}

/** Ends a step: writes its effects and shows the request. */
export async function finish(ctx: StepContext, row: RequestRow): Promise<StepResult> {
  const notified = await ctx.effects.flush(ctx.tx);
  const [request] = await presentRequests(ctx.tx, ctx.actor.organizationId, [row]);
  return { request: request as Request, notified };
}

export function stepContext(tx: Tx, actor: Actor, options: RequestOptions, timeZone: string): StepContext {
  return {
    tx,
    actor,
    effects: new RequestEffects(actor.organizationId, actor.userId, options),
    now: new Date(),
    timeZone,
  };
}

/** Time off is asked by who holds timeOff.own (the route itself needs requests.own). */
function assertMayTakeTimeOff(actor: Actor): void {
  if (!can(actor, "timeOff.own")) throw forbidden();
}

/** POST /api/my/requests: the signed-in person asks for something, by kind. */
export async function askRequest(
  tx: Tx,
  actor: Actor,
  body: z.output<typeof requestCreateSchema>,
  options: RequestOptions,
): Promise<StepResult> {
  const settings = await requestSettings(tx, actor.organizationId);
  const ctx = stepContext(tx, actor, options, settings.time_zone);
  let row: RequestRow;
  switch (body.kind) {
    case "claim":
      row = await askClaim(ctx, settings, body);
      break;
    case "cover":
      row = await askCover(ctx, body);
      break;
    case "swap":
      row = await askSwap(ctx, body);
      break;
    case "availability":
      row = await askAvailability(ctx, settings, body);
      break;
    case "correction":
      row = await askCorrection(ctx, settings, body);
      break;
    case "time_off":
      assertMayTakeTimeOff(actor);
      row = await askTimeOff(ctx, body);
      break;
    case "time_off_cancel":
      assertMayTakeTimeOff(actor);
      row = await askTimeOffCancel(ctx, body);
      break;
  }
  return finish(ctx, row);
}
