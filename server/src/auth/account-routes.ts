import {
  accountLanguageSchema,
  accountUpdateSchema,
  errorBodySchema,
  meResponseSchema,
  phoneVerificationBodySchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { refuse } from "../lib/http/errors.ts";
import { claimsOf, tokenInvalid } from "./authenticate.ts";
import { destinationKey } from "./codes.ts";
import type { AuthKeys } from "./keys.ts";
import { tryCode } from "./otp.ts";
import { findUser, presentUser, standingIn } from "./people.ts";
import { isSignatureValid } from "./signature.ts";
import { uniqueViolationField } from "./unique-violations.ts";

/** How long a verified new phone may wait for the account change that uses it. */
const PHONE_VERIFICATION_MINUTES = 10;

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

const phoneTaken = () =>
  refuse("account_phone_taken", "Phone Number is already used by another account", { phone: "account.phoneTaken" });

/**
 * The person's own account (spec §2 settings, Account tab) and language. Error strings
 * about the phone contain "Phone Number": the client shows those under the
 * phone field and any other under the email field (spec §8).
 */
export async function accountRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.post(
    "/api/auth/me/phone-verification",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary: "Prove a new phone with the code sent to it (before changing the account's phone)",
        security: [{ bearer: [] }],
        body: phoneVerificationBodySchema,
        response: { 200: z.object({ detail: z.literal("verified") }), ...refusals },
      },
    },
    async (request) => {
      const { userId } = claimsOf(request);
      const body = request.body;
      if (!isSignatureValid(keys.clientSignature, { subject: body.phone, ...body })) {
        throw refuse("signature_invalid", "The request signature is not valid or has expired");
      }
      const key = destinationKey({ kind: "phone", value: body.phone });
      // The code comes from GET /api/auth/resend-otp (spec §2: the code screen reused as a
      // modal), so it is a sign-in code: it proves the same thing here (whoever holds it holds
      // the phone, and could sign in with it anyway), and a code sent for anything else is refused.
      const purposes = ["phone_verification", "sign_in"] as const;
      const tried = { key, ip: request.ip, code: body.otp, otpKey: keys.otp, purposes };
      const right = await tryCode(db, tried, async (tx) => {
        await tx
          .insertInto("phone_verifications")
          .values({ user_id: userId, phone: body.phone, verified_at: new Date() })
          .onConflict((oc) => oc.columns(["user_id", "phone"]).doUpdateSet({ verified_at: new Date() }))
          .execute();
      });
      if (!right) {
        throw refuse("otp_invalid", "The code is not valid", { otp: "otpScreen.otpInvalid" });
      }
      return { detail: "verified" as const };
    },
  );

  api.put(
    "/api/auth/me/language",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary: "Change my language: the web app's on every device, and every message sent to me",
        security: [{ bearer: [] }],
        body: accountLanguageSchema,
        response: { 200: meResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const updated = await db
        .updateTable("users")
        .set({ language: request.body.language, language_chosen: true, updated_at: new Date() })
        .where("id", "=", claims.userId)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw tokenInvalid();
      const standing = claims.organizationId ? await standingIn(db, updated, claims.organizationId) : undefined;
      return { data: presentUser(updated, claims.organizationId, standing) };
    },
  );

  api.put(
    "/api/auth/me",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary:
          "Change my name, email or phone (a new phone must be verified first; a new email is stored unverified)",
        security: [{ bearer: [] }],
        body: accountUpdateSchema,
        response: { 200: meResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const body = request.body;
      const updated = await db
        .transaction()
        .execute(async (tx) => {
          const current = await findUser(tx, claims.userId);
          if (!current) throw tokenInvalid();
          if (body.phone !== current.phone) {
            const fresh = await tx
              .deleteFrom("phone_verifications")
              .where("user_id", "=", current.id)
              .where("phone", "=", body.phone)
              .where("verified_at", ">", new Date(Date.now() - PHONE_VERIFICATION_MINUTES * 60_000))
              .returning("phone")
              .executeTakeFirst();
            if (!fresh) {
              throw refuse("account_phone_unverified", "Phone Number must be verified with a code first", {
                phone: "account.phoneNotVerified",
              });
            }
          }
          // The phone was proved above, so saying it is taken leaks nothing. The email is not
          // checked against anyone: a new one is stored unverified (it signs in only once proved
          // with a code), and telling whether an address is in use would let anyone probe it.
          const clash = await tx
            .selectFrom("users")
            .select("id")
            .where("id", "!=", current.id)
            .where("phone", "=", body.phone)
            .executeTakeFirst();
          if (clash) throw phoneTaken();
          // The verification stays only while the address stays, judged on the row the update
          // writes (not on `current`, read earlier: another save or an email proof may have
          // committed since, and PostgreSQL re-reads the row for the update).
          const keepsVerification = sql<Date | null>`case when email = ${body.email} then email_verified_at end`;
          return tx
            .updateTable("users")
            .set({
              first_name: body.first_name,
              last_name: body.last_name,
              email: body.email,
              phone: body.phone,
              email_verified_at: keepsVerification,
              updated_at: new Date(),
            })
            .where("id", "=", current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        })
        .catch((error: unknown) => {
          // Two people saving the same new phone at once: both pass the check, the unique index decides.
          if (uniqueViolationField(error) === "phone") throw phoneTaken();
          throw error;
        });
      const standing = claims.organizationId ? await standingIn(db, updated, claims.organizationId) : undefined;
      return { data: presentUser(updated, claims.organizationId, standing) };
    },
  );
}
