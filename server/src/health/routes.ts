import { healthDownSchema, healthOkSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cached } from "../lib/cached.ts";

/** How long a probe's answer is reused (readiness reuses it too). */
export const FRESH_FOR_MS = 1000;

/**
 * Asks the database at most once a second however many probes arrive; probes
 * that come while a check runs share it.
 */
export function cachedCheck(check: () => Promise<void>, freshForMs = FRESH_FOR_MS): () => Promise<boolean> {
  return cached(
    () =>
      check().then(
        () => true,
        () => false,
      ),
    freshForMs,
  );
}

export function healthRoutes(app: FastifyInstance, ping: () => Promise<void>): void {
  const isUp = cachedCheck(ping);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      // A probe answers often and has two fixed shapes.
      config: { access: "public", answerCheck: "tests" },
      schema: {
        tags: ["health"],
        summary: "Whether the server can reach its database",
        response: { 200: healthOkSchema, 503: healthDownSchema },
      },
      logLevel: "warn",
    },
    async (_request, reply) => {
      if (await isUp()) return { status: "ok" as const };
      return reply.status(503).send({
        status: "unavailable" as const,
        error: "The database cannot be reached",
        code: "database_unavailable" as const,
      });
    },
  );
}
