import {
  bulkResultSchema,
  clearDraftsSchema,
  copyResultSchema,
  copyWeekSchema,
  publishResponseSchema,
  publishSchema,
  shiftConflictBodySchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { clearDrafts } from "./clear-drafts.ts";
import { copyWeek } from "./copy-week.ts";
import { publishSchedule } from "./publish.ts";
import { scheduleRefusals, scheduleSecurity, scheduleTags } from "./route-docs.ts";

export interface PublishRoutesOptions {
  /** Where the app is opened (the /my link in the messages people get). */
  publicUrl: string;
  smsCountries: readonly string[];
}

const refusals = scheduleRefusals;
const security = scheduleSecurity;
const tags = scheduleTags;

/**
 * The week's actions on the board, all schedule.manage: publish (telling
 * each affected person once), copy a week into another, clear a week's
 * drafts.
 */
export async function publishRoutes(app: FastifyInstance, { publicUrl, smsCountries }: PublishRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/schedule/publish",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary:
          "Publish the week of a board (or all) or chosen shifts, all or nothing; each affected person is told once",
        body: publishSchema,
        response: { 200: publishResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await inTenant(request, (tx, actor) =>
        publishSchedule(tx, actor, request.body, { publicUrl, smsCountries }),
      );
      if (result.notified > 0) app.delivery.wake();
      return result;
    },
  );

  api.post(
    "/api/schedule/copy-week",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Copy a week's shifts of a board into another week as drafts, wall clock kept; overlaps skipped",
        body: copyWeekSchema,
        response: { 200: copyResultSchema, ...refusals, 409: shiftConflictBodySchema },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => copyWeek(tx, actor, request.body));
    },
  );

  api.post(
    "/api/schedule/clear-drafts",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Remove the never-published shifts of a week on a board (published ones stay)",
        body: clearDraftsSchema,
        response: { 200: bulkResultSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => clearDrafts(tx, actor, request.body));
    },
  );
}
