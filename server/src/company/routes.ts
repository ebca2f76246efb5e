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
import { authenticate } from "../auth/authenticate.ts";
import { actorWithRole } from "../auth/authorize.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { requestLanguage } from "../lib/http/language.ts";
import { countryCode, countryName } from "./countries.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The admin area's people read the company; only its OWNER changes it. A
 * platform ADMIN neither (spec §6), an EMPLOYEE neither (they never enter the
 * admin area: issue #5).
 */
const READERS = ["OWNER", "SUPERVISOR"] as const;
/** The sidebar's boards (spec §6/§7): whoever reaches the admin area, ADMIN included; not an EMPLOYEE. */
const BOARD_READERS = ["OWNER", "SUPERVISOR", "ADMIN"] as const;

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

export async function companyRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);

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
      preHandler: requireAuth,
      schema: {
        tags: ["company"],
        summary: "The selected organization's company details; the country named in the caller's language",
        security: [{ bearer: [] }],
        response: { 200: companyDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await actorWithRole(db, request, READERS);
      const row = await withOrganization(db, actor.organizationId, (tx) => loadCompany(tx, actor.organizationId));
      return present(row, requestLanguage(request));
    },
  );

  api.put(
    "/api/company/details",
    {
      preHandler: requireAuth,
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
      const actor = await actorWithRole(db, request, ["OWNER"]);
      const body = request.body;
      let code: string | null = body.country_code ?? null;
      if (code === null && body.country) {
        code = countryCode(body.country);
        if (code === null) {
          throw new AppError(400, "validation_failed", "Unknown country", { country: "company.countryInvalid" });
        }
      } else if (code !== null && countryCode(code) === null) {
        throw new AppError(400, "validation_failed", "Unknown country", { country_code: "company.countryInvalid" });
      }
      const row = await withOrganization(db, actor.organizationId, async (tx) => {
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
      preHandler: requireAuth,
      schema: {
        tags: ["company"],
        summary: "The organization's schedule boards, oldest first (the sidebar links to the first one not archived)",
        security: [{ bearer: [] }],
        response: { 200: jobSchedulersResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await actorWithRole(db, request, BOARD_READERS);
      const boards = await withOrganization(db, actor.organizationId, (tx) =>
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
