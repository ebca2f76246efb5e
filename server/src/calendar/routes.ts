import { calendarFeedResponseSchema, errorBodySchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { feedIcs, feedOf, replaceFeed, revokeFeed } from "./feed.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ["my"];

/**
 * The personal calendar feed (/my): a secret URL any calendar app can
 * subscribe to, showing the person's published shifts. Managing it needs the
 * usual sign-in (making one, membership: my.calendar); reading it needs only
 * the URL (the token is the secret).
 */
export async function calendarRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    "/api/my/calendar-feed",
    {
      config: { access: "my.shifts" },
      schema: {
        tags,
        security,
        summary: "Whether I have a calendar feed in this organization (its URL is shown only when made)",
        response: { 200: calendarFeedResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => feedOf(tx, actor)),
  );

  api.post(
    "/api/my/calendar-feed",
    {
      config: { access: "my.calendar" },
      schema: {
        tags,
        security,
        summary: "Make my calendar feed URL (a new one replaces the old, which stops working); shown once",
        response: { 201: calendarFeedResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const feed = await inTenant(request, (tx, actor) => replaceFeed(tx, actor, publicUrl));
      // The URL is a password: never kept by a cache.
      return reply.status(201).header("cache-control", "no-store").send(feed);
    },
  );

  api.delete(
    "/api/my/calendar-feed",
    {
      config: { access: "my.shifts" },
      schema: {
        tags,
        security,
        summary: "Revoke my calendar feed (calendar apps stop getting shifts)",
        response: { 204: z.null().describe("Revoked"), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => revokeFeed(tx, actor));
      return reply.status(204).send(null);
    },
  );

  api.get(
    "/api/calendar/:token.ics",
    {
      // Calendar apps poll; a private cache may spare them a few, a shared one must not keep it.
      config: { access: "public", compressAnswers: true, cacheControl: "private, max-age=300" },
      schema: {
        tags,
        summary: "A calendar feed (iCalendar) of one person's published shifts; the URL is the secret",
        params: z.object({ token: z.string().max(100) }),
        response: { 200: z.string().describe("text/calendar"), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const ics = await feedIcs(db, request.params.token);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="shifts.ics"')
        .send(ics);
    },
  );
}
