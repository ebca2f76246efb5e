import {
  errorBodySchema,
  organizationsQuerySchema,
  organizationsResponseSchema,
  PLATFORM_ADMIN_ROLE,
  type Role,
  selectOrganizationBodySchema,
  sessionResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { claimsOf, tokenInvalid } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { findUser, myOrganizations, presentUser, standingIn } from "../auth/people.ts";
import { endSession, liveSessionEnd, startSession } from "../auth/sessions.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { likePattern } from "../lib/db/search.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Choosing the organization to work in after signing in (spec §2 /select-organization). */
export async function organizationRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    "/api/organizations",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["organizations"],
        summary: "The organizations the person belongs to; a platform admin can search all of them",
        security: [{ bearer: [] }],
        querystring: organizationsQuerySchema,
        response: { 200: organizationsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const user = await findUser(db, claims.userId);
      if (!user) throw tokenInvalid();
      const mine = await myOrganizations(db, user.id);
      const search = request.query.search;
      const lastUsed = <T extends { id: string }>(org: T) => ({
        ...org,
        last_used: org.id === user.last_organization_id,
      });
      const searchAll = user.is_platform_admin;
      if (!searchAll || !search) {
        const filtered = search ? mine.filter((org) => org.title.toLowerCase().includes(search.toLowerCase())) : mine;
        const listed: { id: string; title: string; role: Role; last_used: boolean }[] = filtered.map(lastUsed);
        // A platform admin finds others' organizations by searching; the one it last entered is offered without.
        if (searchAll && !search) listed.push(...(await enteredAsAdmin(user.last_organization_id, mine)).map(lastUsed));
        return { organizations: listed, search_all: searchAll };
      }
      const found = await db
        .selectFrom("organizations")
        .select(["id", "title"])
        .where("title", "ilike", likePattern(search))
        .orderBy("title")
        .limit(50)
        .execute();
      const roles = new Map(mine.map((org) => [org.id, org.role]));
      return {
        organizations: found.map((org) => lastUsed({ ...org, role: roles.get(org.id) ?? PLATFORM_ADMIN_ROLE })),
        search_all: searchAll,
      };
    },
  );

  /** The organization a platform admin last entered without belonging to it, as the search would list it. */
  async function enteredAsAdmin(lastOrganizationId: string | null, mine: { id: string }[]) {
    if (lastOrganizationId === null || mine.some((org) => org.id === lastOrganizationId)) return [];
    const entered = await db
      .selectFrom("organizations")
      .select(["id", "title"])
      .where("id", "=", lastOrganizationId)
      .executeTakeFirst();
    return entered ? [{ ...entered, role: PLATFORM_ADMIN_ROLE }] : [];
  }

  api.post(
    "/api/organizations/select",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["organizations"],
        summary: "Work in one organization: a new session scoped to it",
        security: [{ bearer: [] }],
        body: selectOrganizationBodySchema,
        response: { 200: sessionResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const organizationId = request.body.organization_id;
      const user = await findUser(db, claims.userId);
      if (!user) throw tokenInvalid();
      const exists = await db
        .selectFrom("organizations")
        .select("id")
        .where("id", "=", organizationId)
        .executeTakeFirst();
      const standing = exists ? await standingIn(db, user, organizationId) : undefined;
      // Another organization's id answers exactly like a missing one.
      if (!standing) throw notFound("No such organization");

      const tokens = await withOrganization(db, organizationId, async (tx) => {
        // The new session continues this one: only from a live session, and never past its end.
        const ends = await liveSessionEnd(tx, claims.sessionId);
        if (ends === undefined) throw tokenInvalid();
        await endSession(tx, claims.sessionId);
        if (standing.asPlatformAdmin) {
          await recordAudit(
            tx,
            { organizationId, userId: user.id },
            { action: "platform_admin.entered", targetType: "organization", targetId: organizationId },
          );
        }
        return startSession(tx, keys, { userId: user.id, organizationId, role: standing.role }, new Date(), ends);
      });
      return { ...tokens, user: presentUser(user, organizationId, standing) };
    },
  );
}
