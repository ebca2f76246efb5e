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
  personIdSchema,
  personResponseSchema,
  personUpdateSchema,
} from "@workshift/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { uniqueViolationField } from "../auth/unique-violations.ts";
import { defaultInvitationBudget, type InvitationBudget, TooManyNow } from "../invitations/budget.ts";
import { inTenant } from "../lib/access/in-tenant.ts";
import { UNIQUE_VIOLATION, violatedConstraint } from "../lib/db/constraint-errors.ts";
import { refuse } from "../lib/http/errors.ts";
import { archivePerson, personOrThrow, restorePerson, updatePerson } from "./changes.ts";
import { importPeople, previewImport } from "./import.ts";
import { resendInvitation, revokeInvitation } from "./invitation-links.ts";
import { invitePerson } from "./invite.ts";
import { loadPeople } from "./list.ts";
import { permissionTableFor } from "./permission-table.ts";

/** A CSV of IMPORT_CSV_CHARS_MAX characters as JSON: escapes and UTF-8 (Arabic names) can triple it. */
const IMPORT_BODY_BYTES = 4 * 1024 * 1024;

export interface PeopleOptions {
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

/** A person of the organization, by their id in it. */
const personParams = z.object({ id: personIdSchema() });

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
        throw refuse("person_already_member", "This person was just added by someone else", {
          [field]: field === "csv" ? "people.justAdded" : "people.alreadyMember",
        });
      }
      throw refuse("person_invite_conflict", "Someone else changed the team at the same moment; try again", {
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

/**
 * The team of the selected organization: who is in it, invitations, CSV
 * import. Each route declares its action of the access table; `inTenant`
 * authorizes, validates and does the work in one transaction (finer checks,
 * such as who may give which role, inside it).
 */
export async function peopleRoutes(
  app: FastifyInstance,
  { publicUrl, smsCountries, invitationBudget = defaultInvitationBudget }: PeopleOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["people"];
  const security = [{ bearer: [] }];
  const sending = { publicUrl, smsCountries, budget: invitationBudget };

  api.get(
    "/api/people",
    {
      config: { access: "people.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "One page of the team: search (name, phone, email), filters, sort, total",
        querystring: peopleQuerySchema,
        response: { 200: peopleResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => {
        // Read inside: inTenant puts the validated query in place.
        const { sort, page, page_size, ...filter } = request.query;
        const result = await loadPeople(tx, actor.organizationId, filter, { sort, page, page_size });
        return { ...result, page, page_size };
      }),
  );

  api.get(
    "/api/people/permissions",
    {
      config: { access: "people.view" },
      schema: {
        tags,
        security,
        summary: "Roles and permissions, and what the caller may do with the team",
        response: { 200: permissionTableSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, async (_tx, actor) => permissionTableFor(actor)),
  );

  api.get(
    "/api/people/:id",
    {
      config: { access: "people.view" },
      schema: {
        tags,
        security,
        summary: "One person of the team (any status)",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const person = await inTenant(request, (tx, actor) => personOrThrow(tx, actor.organizationId, request.params.id));
      return { person };
    },
  );

  api.post(
    "/api/people/invite",
    {
      config: { access: "people.manage" },
      schema: {
        tags,
        security,
        summary: "Invite one person: their account (found or new), membership, and a link by SMS or email",
        body: inviteBodySchema,
        response: { 201: personResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const person = await settleRaces(
        () => inTenant(request, (tx, actor) => invitePerson(tx, actor, request.body, sending)),
        () => (request.body.phone !== undefined ? "phone" : "email"),
      ).catch(retryAfter(reply));
      app.delivery.wake();
      reply.status(201);
      return { person };
    },
  );

  api.patch(
    "/api/people/:id",
    {
      config: { access: "people.manage" },
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
      const person = await inTenant(request, (tx, actor) => updatePerson(tx, actor, request.params.id, request.body));
      return { person };
    },
  );

  api.post(
    "/api/people/:id/archive",
    {
      config: { access: "people.manage" },
      schema: {
        tags,
        security,
        summary: "Archive a person: no more sign-in to this organization, sessions in it end",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const person = await inTenant(request, (tx, actor) => archivePerson(tx, actor, request.params.id));
      return { person };
    },
  );

  api.post(
    "/api/people/:id/restore",
    {
      config: { access: "people.manage" },
      schema: {
        tags,
        security,
        summary: "Restore an archived person (active again, or invited if they never activated)",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const person = await inTenant(request, (tx, actor) => restorePerson(tx, actor, request.params.id));
      return { person };
    },
  );

  api.post(
    "/api/people/:id/invitation/resend",
    {
      config: { access: "people.manage" },
      schema: {
        tags,
        security,
        summary: "Send an invited person a new link (the old one stops working)",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const person = await inTenant(request, (tx, actor) =>
        resendInvitation(tx, actor, request.params.id, { publicUrl, budget: invitationBudget }),
      ).catch(retryAfter(reply));
      app.delivery.wake();
      return { person };
    },
  );

  api.delete(
    "/api/people/:id/invitation",
    {
      config: { access: "people.manage" },
      schema: {
        tags,
        security,
        summary: "Revoke an invited person's link",
        params: personParams,
        response: { 200: personResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const person = await inTenant(request, (tx, actor) => revokeInvitation(tx, actor, request.params.id));
      return { person };
    },
  );

  api.post(
    "/api/people/import/preview",
    {
      config: { access: "people.manage" },
      bodyLimit: IMPORT_BODY_BYTES,
      schema: {
        tags,
        security,
        summary: "Check a CSV of people: every row with its errors; nothing is saved",
        body: importBodySchema,
        response: { 200: importPreviewResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => previewImport(tx, actor, request.body.csv, smsCountries)),
  );

  api.post(
    "/api/people/import",
    {
      config: { access: "people.manage" },
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
      const result = await settleRaces(
        () => inTenant(request, (tx, actor) => importPeople(tx, actor, request.body.csv, sending)),
        () => "csv",
      ).catch(retryAfter(reply));
      if (!result.imported) {
        throw refuse("people_import_invalid", "The file has problems; nothing was imported", undefined, {
          preview: result.preview,
        });
      }
      app.delivery.wake();
      reply.status(201);
      return { imported: result.count };
    },
  );
}
