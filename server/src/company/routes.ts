import {
  type CompanyDetails,
  companyDetailsSchema,
  companyUpdateSchema,
  DEFAULT_CURRENCY,
  errorBodySchema,
  jobSchedulersResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { requestLanguage } from "../lib/http/language.ts";
import { countryCode, countryName } from "./countries.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The company row with the organization's settings (time zone, week start,
 * currency); an organization without a settings row has the defaults.
 */
async function loadCompany(tx: Tx, organizationId: string) {
  const company = await tx
    .selectFrom("organizations")
    .select(["title", "employee_count", "industry", "country_code", "address", "zip_code"])
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  const settings = await tx
    .selectFrom("organization_settings")
    .select(["time_zone", "week_start", "currency"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return {
    ...company,
    time_zone: settings?.time_zone ?? "UTC",
    week_start: Number(settings?.week_start ?? 1),
    currency: settings?.currency ?? DEFAULT_CURRENCY,
  };
}

/**
 * The country code a change names (by code, or by name in any language). One
 * not on the list is malformed like any other value outside its field's list:
 * 400 validation_failed with the field's key.
 */
function countryOf(body: { country_code?: string | null | undefined; country?: string | null | undefined }) {
  const code = body.country_code ?? null;
  if (code === null && body.country) {
    const named = countryCode(body.country);
    if (named === null) throw refuse("validation_failed", "Unknown country", { country: "company.countryInvalid" });
    return named;
  }
  if (code !== null && countryCode(code) === null) {
    throw refuse("validation_failed", "Unknown country", { country_code: "company.countryInvalid" });
  }
  return code;
}

/**
 * The company's details and settings: the admin area's people read them
 * (company.view), its owner changes them (company.manage); the sidebar's
 * boards are listed to whoever reaches the admin area (boards.list).
 */
export async function companyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const present = (row: Awaited<ReturnType<typeof loadCompany>>, language: ReturnType<typeof requestLanguage>) =>
    ({
      title: row.title,
      employee_count: row.employee_count as CompanyDetails["employee_count"],
      industry: row.industry as CompanyDetails["industry"],
      country: countryName(row.country_code, language),
      country_code: row.country_code,
      address: row.address,
      zip_code: row.zip_code,
      logo: null,
      time_zone: row.time_zone,
      week_start: row.week_start,
      currency: row.currency,
    }) satisfies CompanyDetails;

  api.get(
    "/api/company/details",
    {
      config: { access: "company.view" },
      schema: {
        tags: ["company"],
        summary: "The selected organization's company details; the country named in the caller's language",
        security: [{ bearer: [] }],
        response: { 200: companyDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const row = await inTenant(request, (tx, actor) => loadCompany(tx, actor.organizationId));
      return present(row, requestLanguage(request));
    },
  );

  api.put(
    "/api/company/details",
    {
      config: { access: "company.manage" },
      schema: {
        tags: ["company"],
        summary:
          "Change the company details (owner only); the time zone, week start and currency change only when given",
        security: [{ bearer: [] }],
        body: companyUpdateSchema,
        response: { 200: companyDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const row = await inTenant(request, async (tx, actor) => {
        const body = request.body;
        const code = countryOf(body);
        const before = await loadCompany(tx, actor.organizationId);
        const company = {
          title: body.title && body.title !== "" ? body.title : before.title,
          employee_count: body.employee_count,
          industry: body.industry,
          country_code: code,
          address: body.address || null,
          zip_code: body.zip_code || null,
        };
        // The organization's settings: those not given stay as they are.
        const settings = {
          time_zone: body.time_zone ?? before.time_zone,
          week_start: body.week_start ?? before.week_start,
          currency: body.currency ?? before.currency,
        };
        const after = { ...company, ...settings };
        await tx
          .updateTable("organizations")
          .set({ ...company, updated_at: new Date() })
          .where("id", "=", actor.organizationId)
          .execute();
        if (
          settings.time_zone !== before.time_zone ||
          settings.week_start !== before.week_start ||
          settings.currency !== before.currency
        ) {
          await tx
            .insertInto("organization_settings")
            .values({ organization_id: actor.organizationId, ...settings })
            .onConflict((conflict) =>
              conflict.column("organization_id").doUpdateSet({ ...settings, updated_at: new Date() }),
            )
            .execute();
        }
        await recordAudit(tx, actor, {
          action: "company.updated",
          targetType: "organization",
          targetId: actor.organizationId,
          before,
          after,
        });
        return loadCompany(tx, actor.organizationId);
      });
      return present(row, requestLanguage(request));
    },
  );

  api.get(
    "/api/company/job-schedulers/get",
    {
      config: { access: "boards.list", compressAnswers: true },
      schema: {
        tags: ["company"],
        summary: "The organization's schedule boards, oldest first (the sidebar links to the first one not archived)",
        security: [{ bearer: [] }],
        response: { 200: jobSchedulersResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const boards = await inTenant(request, (tx) =>
        tx
          .selectFrom("job_schedulers")
          .select(["id", "name", "is_archived"])
          .orderBy("created_at")
          .orderBy("id")
          .execute(),
      );
      return { job_schedulers: boards };
    },
  );
}
