import { clockStatusSchema, errorBodySchema, punchRequestSchema, punchResponseSchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import { type Actor, actorOf, forbidden } from "../auth/authorize.ts";
import type { AuthKeys } from "../auth/keys.ts";
import type { Db } from "../lib/db/database.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { clockStatus } from "./clock-status.ts";
import { recordPunch } from "./punch.ts";
import { recordRefusal, refusalReason } from "./refusals.ts";

/** Members punch for themselves; the platform ADMIN visits organizations without working in them. */
async function puncherOf(db: Db, request: FastifyRequest): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (actor.role === "ADMIN") throw forbidden("The platform admin has no time clock here");
  return actor;
}

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/** The employee's time clock (/my): their own punches only. Any member may punch, EMPLOYEE included. */
export async function myClockRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    "/api/my/clock",
    {
      preHandler: authenticate(keys.access),
      schema: {
        tags: ["my"],
        security: [{ bearer: [] }],
        summary:
          "Where I stand on the clock: in, out or on a break, my shift now or next, my hours today and this week",
        response: { 200: clockStatusSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await puncherOf(db, request);
      return withOrganization(db, actor.organizationId, (tx) => clockStatus(tx, actor));
    },
  );

  api.post(
    "/api/my/punches",
    {
      preHandler: authenticate(keys.access),
      schema: {
        tags: ["my"],
        security: [{ bearer: [] }],
        summary:
          "Record a punch made on my device (clock in or out, start or end a break). Each id is kept once: sending it again answers the first result with replayed: true",
        body: punchRequestSchema,
        response: { 200: punchResponseSchema, 201: punchResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await puncherOf(db, request);
      const { organization_id: organizationId, user_id: userId } = request.body;
      if ((organizationId && organizationId !== actor.organizationId) || (userId && userId !== actor.userId)) {
        throw forbidden("This punch was made by someone else, or in another organization; sign in as them to send it");
      }
      const now = new Date();
      try {
        const result = await withOrganization(db, actor.organizationId, async (tx) => {
          const recorded = await recordPunch(tx, actor, request.body, now);
          return { ...recorded, status: await clockStatus(tx, actor, now) };
        });
        return reply.status(result.replayed ? 200 : 201).send(result);
      } catch (error) {
        // The person is told why on their phone; the manager sees the attempt in the live view.
        const reason = refusalReason(error);
        if (reason) {
          await recordRefusal(db, actor, request.body, reason, now).catch((failure: unknown) => {
            request.log.error({ err: failure }, "a refused punch could not be kept for the manager");
          });
        }
        throw error;
      }
    },
  );
}
