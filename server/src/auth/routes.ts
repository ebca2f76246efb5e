import { randomUUID } from "node:crypto";
import {
  canonicalTimeZone,
  destinationQuerySchema,
  errorBodySchema,
  meResponseSchema,
  OWNER_ROLE,
  phoneCountry,
  refreshBodySchema,
  refreshResponseSchema,
  regionWeekStart,
  registerBodySchema,
  resendOtpResponseSchema,
  sessionResponseSchema,
  verifyOtpBodySchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyCountryOf } from "../company/countries.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { requestLanguage } from "../lib/http/language.ts";
import { claimsOf, tokenInvalid } from "./authenticate.ts";
import { assertCodeCountry, codeSentAnswer } from "./code-answers.ts";
import { type Destination, destinationKey, destinationOf } from "./codes.ts";
import { emailVerificationRoutes } from "./email-verification-routes.ts";
import type { AuthKeys } from "./keys.ts";
import type { CodeMessenger } from "./messenger.ts";
import { sendCode, tryCode } from "./otp.ts";
import { avatarColor, findUser, findUserByDestination, presentUser, screenLanguage, standingIn } from "./people.ts";
import { endSession, refreshSession, startSession } from "./sessions.ts";
import { isSignatureValid } from "./signature.ts";
import { uniqueViolationField } from "./unique-violations.ts";

export interface AuthOptions {
  keys: AuthKeys;
  /** ISO country codes SMS may go to. */
  smsCountries: readonly string[];
  messenger: CodeMessenger;
}

/** Right code or not, for an unknown, wrong, expired, used or locked destination: one answer. */
const otpInvalid = () => refuse("otp_invalid", "The code is not valid", { otp: "otpScreen.otpInvalid" });

/** Sign-up for a phone that has an account (an email never clashes: it is stored unverified). */
const accountExists = () =>
  refuse("account_exists", "An account already uses this phone number", { phone: "signup.phoneTaken" });

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export async function authRoutes(app: FastifyInstance, { keys, smsCountries, messenger }: AuthOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  await emailVerificationRoutes(app, { keys, messenger });

  function checkSignature(subject: string, proof: { device_id: string; timestamp: number; signature: string }) {
    if (!isSignatureValid(keys.clientSignature, { subject, ...proof })) {
      throw refuse("signature_invalid", "The request signature is not valid or has expired");
    }
  }

  const subjectOf = (destination: Destination) => destination.value;

  api.get(
    "/api/auth/resend-otp",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Send a new one-time code to a phone (SMS) or an email",
        querystring: destinationQuerySchema,
        response: { 200: resendOtpResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const destination = destinationOf(request.query);
      assertCodeCountry(destination, smsCountries);
      const user = await findUserByDestination(db, destination);
      const language = screenLanguage(user, requestLanguage(request));
      const result = await sendCode(
        db,
        { key: destinationKey(destination), ip: request.ip, otpKey: keys.otp, purpose: "sign_in" },
        (tx, code, expiresAt) => messenger.queue(tx, { destination, code, language, expiresAt }),
      );
      return codeSentAnswer(reply, result, messenger);
    },
  );

  api.post(
    "/api/auth/verify-otp",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Trade a one-time code for a session",
        body: verifyOtpBodySchema,
        response: { 200: sessionResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const destination = destinationOf(request.body);
      checkSignature(subjectOf(destination), request.body);
      const right = await tryCode(db, {
        key: destinationKey(destination),
        ip: request.ip,
        code: request.body.otp,
        otpKey: keys.otp,
        purposes: ["sign_in"],
      });
      if (!right) throw otpInvalid();
      const user = await findUserByDestination(db, destination);
      if (!user) throw refuse("account_not_found", "No account uses this phone number or email");
      const tokens = await startSession(db, keys, { userId: user.id, organizationId: null, role: null });
      return { ...tokens, user: presentUser(user, null, undefined) };
    },
  );

  api.post(
    "/api/auth/register",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Create an account and its organization, owned by the new person",
        body: registerBodySchema,
        response: { 201: sessionResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const destination: Destination = { kind: "phone", value: body.phone };
      checkSignature(body.phone, body);
      // A right code for a phone that has an account answers 409 and stays unspent (the
      // refusal rolls the try back), so the person can sign in with it at once. Only a right
      // code learns that the account exists.
      const right = await tryCode(
        db,
        { key: destinationKey(destination), ip: request.ip, code: body.otp, otpKey: keys.otp, purposes: ["sign_in"] },
        async (tx) => {
          const taken = await tx.selectFrom("users").select("id").where("phone", "=", body.phone).executeTakeFirst();
          if (taken) throw accountExists();
        },
      );
      if (!right) throw otpInvalid();

      // The new account's language is the one the sign-up page showed: the person's own.
      const language = requestLanguage(request, body.language);
      const organizationId = randomUUID();
      // One transaction: the person, their organization, its settings, the
      // membership, the audit record and the session exist together or not at all.
      // The email is stored unverified: it signs in only once proved from settings, and
      // whether another account uses it is nobody's business here.
      const result = await withOrganization(db, organizationId, async (tx) => {
        const taken = await tx.selectFrom("users").select("id").where("phone", "=", body.phone).executeTakeFirst();
        if (taken) throw accountExists();
        const user = await tx
          .insertInto("users")
          .values({
            first_name: body.first_name,
            last_name: body.last_name,
            phone: body.phone,
            email: body.email ?? null,
            language,
            language_chosen: true,
            color: avatarColor(body.phone),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // Its country starts as the owner's phone's (Settings → Company changes it).
        await tx
          .insertInto("organizations")
          .values({ id: organizationId, title: body.company_name, country_code: companyCountryOf(body.phone) })
          .execute();
        // Its calendar starts as the owner's: their browser's zone, their phone's country's week.
        await tx
          .insertInto("organization_settings")
          .values({
            organization_id: organizationId,
            time_zone: canonicalTimeZone(body.time_zone ?? "") ?? "UTC",
            week_start: regionWeekStart(phoneCountry(body.phone)),
          })
          .execute();
        await tx
          .insertInto("memberships")
          .values({ organization_id: organizationId, user_id: user.id, role: OWNER_ROLE })
          .execute();
        await recordAudit(
          tx,
          { organizationId, userId: user.id },
          {
            action: "organization.created",
            targetType: "organization",
            targetId: organizationId,
            after: { title: body.company_name, owner: user.id },
          },
        );
        const tokens = await startSession(tx, keys, { userId: user.id, organizationId, role: OWNER_ROLE });
        return { user, tokens };
      }).catch((error: unknown) => {
        // Two sign-ups for one phone at the same moment: the unique index decides.
        if (uniqueViolationField(error) === "phone") throw accountExists();
        throw error;
      });

      const standing = { role: OWNER_ROLE, permissions: [] };
      reply.status(201);
      return { ...result.tokens, user: presentUser(result.user, organizationId, standing) };
    },
  );

  api.post(
    "/api/auth/v2/refresh-token",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Trade a refresh token for a new pair (each works once)",
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const tokens = await refreshSession(db, keys, request.body.refresh_token, async (tx, userId, organizationId) => {
        const user = await findUser(tx, userId);
        if (!user) return undefined;
        if (organizationId === null) return null;
        return (await standingIn(tx, user, organizationId))?.role;
      });
      if (tokens === null) throw tokenInvalid();
      return tokens;
    },
  );

  api.get(
    "/api/auth/me",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary: "The signed-in person, with their role in the selected organization",
        security: [{ bearer: [] }],
        response: { 200: meResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const user = await findUser(db, claims.userId);
      if (!user) throw tokenInvalid();
      const standing = claims.organizationId ? await standingIn(db, user, claims.organizationId) : undefined;
      return { data: presentUser(user, claims.organizationId, standing) };
    },
  );

  api.get(
    "/api/auth/logout",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary: "End this session: its refresh tokens stop working",
        security: [{ bearer: [] }],
        response: { 200: z.object({ detail: z.literal("signed out") }), ...refusals },
      },
    },
    async (request) => {
      await endSession(db, claimsOf(request).sessionId);
      return { detail: "signed out" as const };
    },
  );
}
