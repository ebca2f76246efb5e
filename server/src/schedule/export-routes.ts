import { boardScopeParamsSchema, errorBodySchema, weekQuerySchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { weekCsv } from "./export.ts";

/** The week as a CSV download (schedule.view): a board, or "all". */
export async function exportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/schedule/boards/:board/week.csv",
    {
      config: { access: "schedule.view", compressAnswers: true },
      schema: {
        tags: ["schedule"],
        security: [{ bearer: [] }],
        summary: "The week as CSV (UTF-8 with BOM; English column names; times in each board's zone)",
        params: boardScopeParamsSchema,
        querystring: weekQuerySchema,
        response: {
          200: z.string().describe("text/csv"),
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const csv = await inTenant(request, (tx, actor) =>
        weekCsv(tx, actor.organizationId, request.params.board, request.query.date),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${csv.filename}"`)
        .header("cache-control", "private, no-store")
        .send(csv.text);
    },
  );
}
