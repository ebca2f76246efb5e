import {
  type CompanyDetails,
  companyDetailsSchema,
  companyUpdateSchema,
  errorBodySchema,
  jobSchedulersResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import { actorWithRole } from "../auth/authorize.ts";
import type { AuthKeys } from "../auth/keys.ts";
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

async function loadCompany(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("organizations")
    .select(["title", "employee_count", "industry", "country_code", "address", "zip_code"])
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
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
        summary: "Change the company details (owner only)",
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
        const after = {
          title: body.title && body.title !== "" ? body.title : before.title,
          employee_count: body.employee_count,
          industry: body.industry,
          country_code: code,
          address: body.address || null,
          zip_code: body.zip_code || null,
        };
        await tx
          .updateTable("organizations")
          .set({ ...after, updated_at: new Date() })
          .where("id", "=", actor.organizationId)
          .execute();
        await tx
          .insertInto("audit_log")
          .values({
            organization_id: actor.organizationId,
            actor_user_id: actor.userId,
            action: "company.updated",
            target_type: "organization",
            target_id: actor.organizationId,
            before: JSON.stringify(before),
            after: JSON.stringify(after),
          })
          .execute();
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
