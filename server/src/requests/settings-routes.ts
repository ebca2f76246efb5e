import { requestSettingsResponseSchema, requestSettingsUpdateSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { requestRefusals as refusals, requestSecurity as security, requestTags as tags } from "./route-docs.ts";
import { requestSettings, updateRequestSettings } from "./settings.ts";

/** Which requests need a manager: seen with requests.view, changed with requests.settings (audited). */
export async function requestSettingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/requests/settings",
    {
      config: { access: "requests.view" },
      schema: {
        tags,
        security,
        summary: "Which requests need a manager, and the deadline before a shift",
        response: { 200: requestSettingsResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => {
        const { time_zone: _zone, ...settings } = await requestSettings(tx, actor.organizationId);
        return { settings };
      }),
  );

  api.put(
    "/api/requests/settings",
    {
      config: { access: "requests.settings" },
      schema: {
        tags,
        security,
        summary: "Change some of the request settings (the others stay)",
        body: requestSettingsUpdateSchema,
        response: { 200: requestSettingsResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => ({ settings: await updateRequestSettings(tx, actor, request.body) })),
  );
}
