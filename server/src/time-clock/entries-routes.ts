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
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { timesheetActor } from "./access.ts";
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
 * Managers' corrections of time entries (manage_timesheet): add, change or
 * delete one, each with a required reason that the audit log keeps with who,
 * when, before and after; and an entry's history (view_timesheet).
 */
export async function timeEntryRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);
  const docs = (summary: string) => ({ tags: ["time clock"], security: [{ bearer: [] }], summary });

  api.post(
    "/api/time-clock/entries",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("Add a time entry for someone (a day they forgot to clock), with the reason"),
        body: entryCreateSchema,
        response: { 201: timeEntrySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await timesheetActor(db, request, "manage");
      const entry = await withOrganization(db, actor.organizationId, (tx) => createEntry(tx, actor, request.body));
      return reply.status(201).send(entry);
    },
  );

  api.patch(
    "/api/time-clock/entries/:id",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("Correct a time entry read at `version`, with the reason (409 with the current entry if it changed)"),
        params: idParams,
        body: entryUpdateSchema,
        response: { 200: timeEntrySchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "manage");
      return withOrganization(db, actor.organizationId, (tx) =>
        updateEntry(tx, actor, request.params.id, request.body),
      );
    },
  );

  api.delete(
    "/api/time-clock/entries/:id",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("Delete a time entry read at `version`, with the reason (kept in its history)"),
        params: idParams,
        body: entryDeleteSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await timesheetActor(db, request, "manage");
      await withOrganization(db, actor.organizationId, (tx) => deleteEntry(tx, actor, request.params.id, request.body));
      return reply.status(204).send(null);
    },
  );

  api.get(
    "/api/time-clock/entries/:id/history",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("An entry's punches as they arrived and every change to it: who, when, why, before and after"),
        params: idParams,
        response: { 200: entryHistorySchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "view");
      return withOrganization(db, actor.organizationId, (tx) =>
        entryHistory(tx, actor.organizationId, request.params.id),
      );
    },
  );
}
