import {
  errorBodySchema,
  jobCreateSchema,
  jobParamsSchema,
  jobResponseSchema,
  jobsQuerySchema,
  jobsResponseSchema,
  jobUpdateSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { jobActor } from "./access.ts";
import { createJob, listJobs, loadJob, setJobArchived, updateJob } from "./jobs.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const security = [{ bearer: [] }];

/**
 * Jobs (issue #5): list with search, create, read, change, archive and
 * restore. Every route: authenticate → validate → authorize (live role and
 * permissions) → one transaction in the token's organization (row-level
 * security underneath) → explicit output. Changes are audit-logged in the
 * same transaction.
 */
export async function jobRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);

  api.get(
    "/api/jobs",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["jobs"],
        summary: "The organization's jobs, by name; search by name or address; archived ones only when asked",
        security,
        querystring: jobsQuerySchema,
        response: { 200: jobsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await jobActor(db, request, "view");
      const { search, include_archived } = request.query;
      const jobs = await withOrganization(db, actor.organizationId, (tx) =>
        listJobs(tx, { search, includeArchived: include_archived === "true" }),
      );
      return { jobs };
    },
  );

  api.post(
    "/api/jobs",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["jobs"],
        summary: "Create a job (name unique among active jobs)",
        security,
        body: jobCreateSchema,
        response: { 201: jobResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await jobActor(db, request, "manage");
      const job = await withOrganization(db, actor.organizationId, (tx) => createJob(tx, actor, request.body));
      return reply.status(201).send({ job });
    },
  );

  api.get(
    "/api/jobs/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["jobs"],
        summary: "One job",
        security,
        params: jobParamsSchema,
        response: { 200: jobResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await jobActor(db, request, "view");
      const job = await withOrganization(db, actor.organizationId, (tx) => loadJob(tx, request.params.id));
      return { job };
    },
  );

  api.patch(
    "/api/jobs/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["jobs"],
        summary: "Change a job (any subset of its fields)",
        security,
        params: jobParamsSchema,
        body: jobUpdateSchema,
        response: { 200: jobResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await jobActor(db, request, "manage");
      const job = await withOrganization(db, actor.organizationId, (tx) =>
        updateJob(tx, actor, request.params.id, request.body),
      );
      return { job };
    },
  );

  for (const [action, archived] of [
    ["archive", true],
    ["restore", false],
  ] as const) {
    api.post(
      `/api/jobs/:id/${action}`,
      {
        preHandler: requireAuth,
        schema: {
          tags: ["jobs"],
          summary: archived
            ? "Archive a job (it leaves lists and boards; its history stays)"
            : "Restore an archived job (its name must be free among active jobs)",
          security,
          params: jobParamsSchema,
          response: { 200: jobResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const actor = await jobActor(db, request, "manage");
        const job = await withOrganization(db, actor.organizationId, (tx) =>
          setJobArchived(tx, actor, request.params.id, archived),
        );
        return { job };
      },
    );
  }
}
