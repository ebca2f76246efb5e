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
import { inTenant } from "../lib/access/in-tenant.ts";
import { createJob, listJobs, loadJob, setJobArchived, updateJob } from "./jobs.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const security = [{ bearer: [] }];

/**
 * Jobs: list with search, create, read, change, archive and restore. Each
 * route declares its action of the access table; `inTenant` authorizes,
 * validates and does the work in one transaction in the token's organization
 * (row-level security underneath). Changes are audit-logged in the same
 * transaction.
 */
export async function jobRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/jobs",
    {
      config: { access: "jobs.view", compressAnswers: true },
      schema: {
        tags: ["jobs"],
        summary: "The organization's jobs, by name; search by name or address; archived ones only when asked",
        security,
        querystring: jobsQuerySchema,
        response: { 200: jobsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const jobs = await inTenant(request, (tx) => {
        const { search, include_archived } = request.query;
        return listJobs(tx, { search, includeArchived: include_archived === "true" });
      });
      return { jobs };
    },
  );

  api.post(
    "/api/jobs",
    {
      config: { access: "jobs.manage" },
      schema: {
        tags: ["jobs"],
        summary: "Create a job (name unique among active jobs)",
        security,
        body: jobCreateSchema,
        response: { 201: jobResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const job = await inTenant(request, (tx, actor) => createJob(tx, actor, request.body));
      return reply.status(201).send({ job });
    },
  );

  api.get(
    "/api/jobs/:id",
    {
      config: { access: "jobs.view" },
      schema: {
        tags: ["jobs"],
        summary: "One job",
        security,
        params: jobParamsSchema,
        response: { 200: jobResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const job = await inTenant(request, (tx) => loadJob(tx, request.params.id));
      return { job };
    },
  );

  api.patch(
    "/api/jobs/:id",
    {
      config: { access: "jobs.manage" },
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
      const job = await inTenant(request, (tx, actor) => updateJob(tx, actor, request.params.id, request.body));
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
        config: { access: "jobs.manage" },
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
        const job = await inTenant(request, (tx, actor) => setJobArchived(tx, actor, request.params.id, archived));
        return { job };
      },
    );
  }
}
