import { boardScopeParamsSchema, errorBodySchema, weekQuerySchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { boardActor } from "../boards/access.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { weekCsv } from "./export.ts";

/** The week as a CSV download (view_scheduler): a board, or "all". */
export async function exportRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    "/api/schedule/boards/:board/week.csv",
    {
      preHandler: authenticate(keys.access),
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
      const actor = await boardActor(db, request, "view");
      const csv = await withOrganization(db, actor.organizationId, (tx) =>
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
