import { clockStatusSchema, errorBodySchema, punchRequestSchema, punchResponseSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Actor } from "../lib/access/actor.ts";
import { inTenant } from "../lib/access/in-tenant.ts";
import { forbidden } from "../lib/http/errors.ts";
import { clockStatus } from "./clock-status.ts";
import { recordPunch } from "./punch.ts";
import { recordRefusal, refusalReason } from "./refusals.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/**
 * The employee's time clock (/my): their own punches only. Whoever holds
 * my.clock punches (EMPLOYEE included); the platform ADMIN, visiting an
 * organization without working in it, does not.
 */
export async function myClockRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    "/api/my/clock",
    {
      config: { access: "my.clock" },
      schema: {
        tags: ["my"],
        security: [{ bearer: [] }],
        summary:
          "Where I stand on the clock: in, out or on a break, my shift now or next, my hours today and this week",
        response: { 200: clockStatusSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => clockStatus(tx, actor)),
  );

  api.post(
    "/api/my/punches",
    {
      config: { access: "my.clock" },
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
      const now = new Date();
      // Who punched, once authorized: a refusal is kept for them after the punch's transaction rolled back.
      let puncher: Actor | undefined;
      try {
        const result = await inTenant(request, async (tx, actor) => {
          const { organization_id: organizationId, user_id: userId } = request.body;
          if ((organizationId && organizationId !== actor.organizationId) || (userId && userId !== actor.userId)) {
            throw forbidden(
              "This punch was made by someone else, or in another organization; sign in as them to send it",
            );
          }
          puncher = actor;
          const recorded = await recordPunch(tx, actor, request.body, now);
          return { ...recorded, status: await clockStatus(tx, actor, now) };
        });
        return reply.status(result.replayed ? 200 : 201).send(result);
      } catch (error) {
        // The person is told why on their phone; the manager sees the attempt in the live view.
        const reason = refusalReason(error);
        if (reason && puncher) {
          await recordRefusal(db, puncher, request.body, reason, now).catch((failure: unknown) => {
            request.log.error({ err: failure }, "a refused punch could not be kept for the manager");
          });
        }
        throw error;
      }
    },
  );
}
