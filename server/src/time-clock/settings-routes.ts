import {
  errorBodySchema,
  type TimeClockSettings,
  timeClockSettingsSchema,
  timeClockSettingsUpdateSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { clockSettings, updateClockSettings } from "./settings.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema };

const settingsOnly = ({
  time_zone: _zone,
  week_start: _weekStart,
  ...settings
}: Awaited<ReturnType<typeof clockSettings>>) => settings satisfies TimeClockSettings;

/** The organization's time clock settings: seen with timesheets.view, changed with timesheets.manage (audited). */
export async function timeClockSettingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/time-clock/settings",
    {
      config: { access: "timesheets.view" },
      schema: {
        tags: ["time clock"],
        security: [{ bearer: [] }],
        summary: "The time clock's settings: pay period, overtime, rounding, early clock-in, location, limits",
        response: { 200: timeClockSettingsSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, async (tx, actor) => settingsOnly(await clockSettings(tx, actor.organizationId)));
    },
  );

  api.put(
    "/api/time-clock/settings",
    {
      config: { access: "timesheets.manage" },
      schema: {
        tags: ["time clock"],
        security: [{ bearer: [] }],
        summary: "Change some of the time clock's settings (the others stay)",
        body: timeClockSettingsUpdateSchema,
        response: { 200: timeClockSettingsSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, async (tx, actor) => {
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
