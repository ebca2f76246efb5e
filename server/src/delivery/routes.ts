import { outboxResponseSchema, typedText } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { Tables } from "../lib/db/schema.ts";
import { recentMessages } from "./outbox.ts";

const querySchema = z.object({
  /** One recipient only: a phone ("+" optional) or an email address. */
  to: typedText().min(1).max(254).optional(),
});

/**
 * GET /api/dev/outbox: the messages the server sent or is about to send, with
 * their codes, newest first, so a developer (and the e2e tests) can sign in
 * without a phone. Never registered in production, where it answers 404 like
 * any unknown path: codes must not be readable over HTTP.
 */
export function devOutboxRoutes(app: FastifyInstance, { env, db }: { env: Config["env"]; db: Kysely<Tables> }): void {
  if (env === "production") return;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/dev/outbox",
    {
      config: { access: "public" },
      schema: {
        tags: ["development"],
        summary: "Development only: the last 100 messages (SMS, email) with their codes, newest first",
        querystring: querySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => ({ messages: await recentMessages(db, { to: request.query.to }) }),
  );
}
