import { boardScopeSchema, can, errorBodySchema, timesheetExportQuerySchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenantRead } from "../lib/access/in-tenant.ts";
import { requestLanguage } from "../lib/http/language.ts";
import { attachmentHeader, payrollCsv, payrollSheet } from "./export.ts";
import { payrollXlsx, XLSX_TYPE } from "./export-xlsx.ts";
import { loadTimesheets } from "./timesheets.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The payroll export of a pay period (timesheets.view): the timesheets of a
 * board (or `all`) for the period holding `date`, as CSV or XLSX, headers in
 * the requester's language (the web app's cookie, else Accept-Language);
 * `by_day=true` adds a column per day of the period.
 */
export async function timesheetExportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The payroll sheet of the period asked for: `asked` is read inside inTenantRead, once it validated the request. */
  async function sheetFor(
    request: FastifyRequest,
    asked: () => { scope: string; date?: string | undefined; by_day?: "true" | "false" | undefined },
  ) {
    let byDay = false;
    const response = await inTenantRead(request, (tx, actor) => {
      const { scope, date, by_day } = asked();
      byDay = by_day === "true";
      return loadTimesheets(tx, actor.organizationId, scope, date, can(actor, "timesheets.manage"));
    });
    return payrollSheet(response, requestLanguage(request), byDay);
  }

  const download = (reply: FastifyReply, type: string, disposition: string) =>
    reply
      .header("content-type", type)
      .header("content-disposition", disposition)
      .header("cache-control", "private, no-store");

  const schema = (summary: string, type: string) => ({
    tags: ["time clock"],
    security: [{ bearer: [] }],
    summary,
    params: z.object({ scope: boardScopeSchema }),
    querystring: timesheetExportQuerySchema,
    response: { 200: z.string().describe(type), ...refusals },
  });

  api.get(
    "/api/time-clock/boards/:scope/timesheets.csv",
    {
      config: { access: "timesheets.view", compressAnswers: true },
      schema: schema(
        "The pay period holding `date` for payroll as CSV (UTF-8 with BOM): a row per person per job, then the totals",
        "text/csv",
      ),
    },
    async (request, reply) => {
      const sheet = await sheetFor(request, () => ({ scope: request.params.scope, ...request.query }));
      return download(reply, "text/csv; charset=utf-8", attachmentHeader(sheet.baseName, "csv")).send(
        payrollCsv(sheet),
      );
    },
  );

  api.get(
    "/api/time-clock/boards/:scope/timesheets.xlsx",
    {
      config: { access: "timesheets.view" },
      schema: schema(
        "The pay period holding `date` for payroll as an Excel workbook: a row per person per job, then the totals",
        XLSX_TYPE,
      ),
    },
    async (request, reply) => {
      const sheet = await sheetFor(request, () => ({ scope: request.params.scope, ...request.query }));
      const bytes = await payrollXlsx(sheet);
      return download(reply, XLSX_TYPE, attachmentHeader(sheet.baseName, "xlsx")).send(bytes);
    },
  );
}
