import { readyDownSchema, readyOkSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Lifecycle } from "./lifecycle.ts";
import type { Readiness } from "./readiness.ts";

const stopping: Readiness = {
  ready: false,
  code: "shutting_down",
  error: "The server is stopping",
};

/**
 * GET /api/health/ready: whether a proxy or an orchestrator should send this
 * instance traffic. Liveness (/api/health) says only that the process answers.
 */
export function readinessRoute(
  app: FastifyInstance,
  { check, lifecycle }: { check: () => Promise<Readiness>; lifecycle: Lifecycle },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health/ready",
    {
      // Probed often, with fixed shapes.
      config: { access: "public", answerCheck: "tests" },
      schema: {
        tags: ["health"],
        summary: "Whether the server takes traffic: database reachable, migrations applied, not stopping",
        response: { 200: readyOkSchema, 503: readyDownSchema },
      },
      logLevel: "warn",
    },
    async (_request, reply) => {
      const checked = lifecycle.draining ? stopping : await check();
      // Read again after the check, uncached: the moment the server starts stopping, probes hear it.
      const readiness = lifecycle.draining ? stopping : checked;
      if (readiness.ready) return { status: "ready" as const };
      return reply.status(503).send({ status: "unavailable" as const, error: readiness.error, code: readiness.code });
    },
  );
}
