import {
  errorBodySchema,
  type TimeClockSettings,
  timeClockSettingsSchema,
  timeClockSettingsUpdateSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { timesheetActor } from "./access.ts";
import { clockSettings, updateClockSettings } from "./settings.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema };

const settingsOnly = ({
  time_zone: _zone,
  week_start: _weekStart,
  ...settings
}: Awaited<ReturnType<typeof clockSettings>>) => settings satisfies TimeClockSettings;

/** The organization's time clock settings: seen with view_timesheet, changed with manage_timesheet (audited). */
export async function timeClockSettingsRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);

  api.get(
    "/api/time-clock/settings",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["time clock"],
        security: [{ bearer: [] }],
        summary: "The time clock's settings: pay period, overtime, rounding, early clock-in, location, limits",
        response: { 200: timeClockSettingsSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "view");
      return withOrganization(db, actor.organizationId, async (tx) =>
        settingsOnly(await clockSettings(tx, actor.organizationId)),
      );
    },
  );

  api.put(
    "/api/time-clock/settings",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["time clock"],
        security: [{ bearer: [] }],
        summary: "Change some of the time clock's settings (the others stay)",
        body: timeClockSettingsUpdateSchema,
        response: { 200: timeClockSettingsSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "manage");
      return withOrganization(db, actor.organizationId, async (tx) => {
        const before = settingsOnly(await clockSettings(tx, actor.organizationId));
        await updateClockSettings(tx, actor.organizationId, request.body);
        const after = settingsOnly(await clockSettings(tx, actor.organizationId));
        await recordAudit(tx, actor, {
          action: "time_clock.settings",
          targetType: "organization",
          targetId: actor.organizationId,
          before,
          after,
        });
        return after;
      });
    },
  );
}
