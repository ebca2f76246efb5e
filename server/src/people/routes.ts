import {
  errorBodySchema,
  importBodySchema,
  importPreviewResponseSchema,
  importRefusalSchema,
  importResponseSchema,
  inviteBodySchema,
  peopleQuerySchema,
  peopleResponseSchema,
  permissionTableSchema,
  personResponseSchema,
  personUpdateSchema,
} from "@workshift/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { uniqueViolationField } from "../auth/unique-violations.ts";
import { defaultInvitationBudget, type InvitationBudget, TooManyNow } from "../invitations/budget.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { UNIQUE_VIOLATION, violatedConstraint } from "../lib/db/constraint-errors.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { assertMayAssign, peopleManager, peopleViewer, permissionTableFor } from "./access.ts";
import { archivePerson, personOrThrow, restorePerson, updatePerson } from "./changes.ts";
import { importPeople, previewImport } from "./import.ts";
import { inviterOf, resendInvitation, revokeInvitation } from "./invitation-links.ts";
import { loadPeople } from "./list.ts";
import { addMembers, planMembers } from "./members.ts";
import { checkReferences } from "./references.ts";

/** A CSV of IMPORT_CSV_CHARS_MAX characters as JSON: escapes and UTF-8 (Arabic names) can triple it. */
const IMPORT_BODY_BYTES = 4 * 1024 * 1024;

export interface PeopleOptions {
  keys: AuthKeys;
  /** Where the app is opened (links in invitations). */
  publicUrl: string;
  /** ISO country codes SMS may go to. */
  smsCountries: readonly string[];
  /** How many links an organization may send per hour and day (tests lower it). */
  invitationBudget?: InvitationBudget | undefined;
}

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

const personParams = z.object({ id: z.string().uuid() });

/**
 * Two writes raced on a unique key, named by its constraint. The same person
 * invited twice here at once: the membership's key decides (409
 * alreadyMember, on the contact given). A new account made at the same
 * moment by someone else (another organization inviting the same phone):
 * `retry` runs the whole change again, which then finds that account.
 */
async function settleRaces<T>(work: () => Promise<T>, contactField: () => "phone" | "email" | "csv"): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const violation = violatedConstraint(error);
      if (violation?.code !== UNIQUE_VIOLATION) throw error;
      if (uniqueViolationField(error) !== null && attempt === 0) continue;
      const field = contactField();
      if (violation.constraint === "memberships_pkey") {
        throw new AppError(409, "conflict", "This person was just added by someone else", {
          [field]: field === "csv" ? "people.justAdded" : "people.alreadyMember",
        });
      }
      throw new AppError(409, "conflict", "Someone else changed the team at the same moment; try again", {
        [field]: "people.justAdded",
      });
    }
  }
}

/** A 429 that knows when to come back carries Retry-After. */
function retryAfter(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof TooManyNow) reply.header("retry-after", String(error.retryAfterSeconds));
    throw error;
  };
}

/** The team of the selected organization (issue #5): who is in it, invitations, CSV import. */
export async function peopleRoutes(
  app: FastifyInstance,
  { keys, publicUrl, smsCountries, invitationBudget = defaultInvitationBudget }: PeopleOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);
  const tags = ["people"];
  const security = [{ bearer: [] }];

  api.get(
    "/api/people",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "One page of the team: search (name, phone, email), filters, sort, total",
        querystring: peopleQuerySchema,
        response: { 200: peopleResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleViewer(db, request);
      const { sort, page, page_size, ...filter } = request.query;
      const result = await withOrganization(db, actor.organizationId, (tx) =>
        loadPeople(tx, actor.organizationId, filter, { sort, page, page_size }),
      );
      return { ...result, page, page_size };
    },
  );

  api.get(
    "/api/people/permissions",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Roles and permissions, and what the caller may do with the team",
        response: { 200: permissionTableSchema, ...refusals },
      },
    },
    async (request) => permissionTableFor(await peopleViewer(db, request)),
  );

  api.get(
    "/api/people/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "One person of the team (any status)",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleViewer(db, request);
      const person = await withOrganization(db, actor.organizationId, (tx) =>
        personOrThrow(tx, actor.organizationId, request.params.id),
      );
      return { person };
    },
  );

  api.post(
    "/api/people/invite",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Invite one person: their account (found or new), membership, and a link by SMS or email",
        body: inviteBodySchema,
        response: { 201: personResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await peopleManager(db, request);
      const body = request.body;
      assertMayAssign(actor, body.role, body.permissions);
      // The phone is what a person proves: with one, the link goes by SMS (email is for people without).
      if (body.send_via === "email" && body.phone !== undefined) {
        throw new AppError(422, "validation_failed", "With a phone, the invitation goes by SMS", {
          send_via: "people.smsWhenPhone",
        });
      }
      const now = new Date();
      const invite = () =>
        withOrganization(db, actor.organizationId, async (tx) => {
          await checkReferences(tx, actor.organizationId, body);
          const inviter = await inviterOf(tx, actor, publicUrl);
          const [planned] = await planMembers(tx, actor.organizationId, [body], {
            inviterLanguage: inviter.language,
            smsCountries,
          });
          if (!planned) throw new Error("nothing planned");
          if (planned.problem?.key === "people.alreadyMember") {
            throw new AppError(409, "conflict", "This person is already in the organization", {
              [planned.problem.field]: planned.problem.key,
            });
          }
          if (planned.problem) {
            throw new AppError(400, "sms_country_not_allowed", "Invitations cannot be sent by SMS to this country", {
              [planned.problem.field]: planned.problem.key,
            });
          }
          const context = { organizationId: actor.organizationId, actorUserId: actor.userId, now, ...inviter };
          await addMembers(tx, { ...context, budget: invitationBudget }, [planned]);
          await recordAudit(tx, actor, {
            action: "people.invite",
            targetType: "user",
            targetId: planned.userId,
            after: {
              role: planned.role,
              permissions: planned.role === "SUPERVISOR" ? planned.permissions : [],
              job_ids: planned.job_ids,
              board_ids: planned.board_ids,
              hourly_rate: planned.hourly_rate ?? null,
              channel: planned.channel,
            },
          });
          return personOrThrow(tx, actor.organizationId, planned.userId);
        });
      const person = await settleRaces(invite, () => (body.phone !== undefined ? "phone" : "email")).catch(
        retryAfter(reply),
      );
      app.delivery.wake();
      reply.status(201);
      return { person };
    },
  );

  api.patch(
    "/api/people/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Change a person's role, permissions, jobs, boards, rate (and names while invited)",
        params: personParams,
        body: personUpdateSchema,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleManager(db, request);
      const person = await withOrganization(db, actor.organizationId, (tx) =>
        updatePerson(tx, actor, request.params.id, request.body),
      );
      return { person };
    },
  );

  api.post(
    "/api/people/:id/archive",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Archive a person: no more sign-in to this organization, sessions in it end",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleManager(db, request);
      const person = await withOrganization(db, actor.organizationId, (tx) =>
        archivePerson(tx, actor, request.params.id),
      );
      return { person };
    },
  );

  api.post(
    "/api/people/:id/restore",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Restore an archived person (active again, or invited if they never activated)",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleManager(db, request);
      const person = await withOrganization(db, actor.organizationId, (tx) =>
        restorePerson(tx, actor, request.params.id),
      );
      return { person };
    },
  );

  api.post(
    "/api/people/:id/invitation/resend",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Send an invited person a new link (the old one stops working)",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await peopleManager(db, request);
      const person = await withOrganization(db, actor.organizationId, (tx) =>
        resendInvitation(tx, actor, request.params.id, { publicUrl, budget: invitationBudget }),
      ).catch(retryAfter(reply));
      app.delivery.wake();
      return { person };
    },
  );

  api.delete(
    "/api/people/:id/invitation",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Revoke an invited person's link",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleManager(db, request);
      const person = await withOrganization(db, actor.organizationId, (tx) =>
        revokeInvitation(tx, actor, request.params.id),
      );
      return { person };
    },
  );

  api.post(
    "/api/people/import/preview",
    {
      preHandler: requireAuth,
      bodyLimit: IMPORT_BODY_BYTES,
      schema: {
        tags,
        security,
        summary: "Check a CSV of people: every row with its errors; nothing is saved",
        body: importBodySchema,
        response: { 200: importPreviewResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await peopleManager(db, request);
      return withOrganization(db, actor.organizationId, (tx) =>
        previewImport(tx, actor, request.body.csv, smsCountries),
      );
    },
  );

  api.post(
    "/api/people/import",
    {
      preHandler: requireAuth,
      bodyLimit: IMPORT_BODY_BYTES,
      schema: {
        tags,
        security,
        summary: "Invite everyone in a CSV at once, or no one (422 with the preview when any row is bad)",
        body: importBodySchema,
        response: { 201: importResponseSchema, ...refusals, 422: importRefusalSchema },
      },
    },
    async (request, reply) => {
      const actor = await peopleManager(db, request);
      const result = await settleRaces(
        () =>
          withOrganization(db, actor.organizationId, (tx) =>
            importPeople(tx, actor, request.body.csv, { publicUrl, smsCountries, budget: invitationBudget }),
          ),
        () => "csv",
      ).catch(retryAfter(reply));
      if (!result.imported) {
        return reply.status(422).send({
          error: "The file has problems; nothing was imported",
          code: "validation_failed",
          preview: result.preview,
        });
      }
      app.delivery.wake();
      reply.status(201);
      return { imported: result.count };
    },
  );
}
