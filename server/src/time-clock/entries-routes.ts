import {
  entryCreateSchema,
  entryDeleteSchema,
  entryHistorySchema,
  entryUpdateSchema,
  errorBodySchema,
  timeEntrySchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { createEntry, deleteEntry, updateEntry } from "./entries.ts";
import { entryHistory } from "./history.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema.extend({ entry: timeEntrySchema.optional() }),
  422: errorBodySchema,
};
const idParams = z.object({ id: z.string() });

/**
 * Managers' corrections of time entries (timesheets.manage): add, change or
 * delete one, each with a required reason that the audit log keeps with who,
 * when, before and after; and an entry's history (timesheets.view).
 */
export async function timeEntryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = (summary: string) => ({ tags: ["time clock"], security: [{ bearer: [] }], summary });

  api.post(
    "/api/time-clock/entries",
    {
      config: { access: "timesheets.manage" },
      schema: {
        ...docs("Add a time entry for someone (a day they forgot to clock), with the reason"),
        body: entryCreateSchema,
        response: { 201: timeEntrySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const entry = await inTenant(request, (tx, actor) => createEntry(tx, actor, request.body));
      return reply.status(201).send(entry);
    },
  );

  api.patch(
    "/api/time-clock/entries/:id",
    {
      config: { access: "timesheets.manage" },
      schema: {
        ...docs("Correct a time entry read at `version`, with the reason (409 with the current entry if it changed)"),
        params: idParams,
        body: entryUpdateSchema,
        response: { 200: timeEntrySchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => updateEntry(tx, actor, request.params.id, request.body));
    },
  );

  api.delete(
    "/api/time-clock/entries/:id",
    {
      config: { access: "timesheets.manage" },
      schema: {
        ...docs("Delete a time entry read at `version`, with the reason (kept in its history)"),
        params: idParams,
        body: entryDeleteSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => deleteEntry(tx, actor, request.params.id, request.body));
      return reply.status(204).send(null);
    },
  );

  api.get(
    "/api/time-clock/entries/:id/history",
    {
      config: { access: "timesheets.view", compressAnswers: true },
      schema: {
        ...docs("An entry's punches as they arrived and every change to it: who, when, why, before and after"),
        params: idParams,
        response: { 200: entryHistorySchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => entryHistory(tx, actor.organizationId, request.params.id));
    },
  );
}
