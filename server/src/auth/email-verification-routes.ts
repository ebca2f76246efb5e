import {
  emailVerificationBodySchema,
  errorBodySchema,
  meResponseSchema,
  resendOtpResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refuse } from "../lib/http/errors.ts";
import { claimsOf, tokenInvalid } from "./authenticate.ts";
import { codeSentAnswer } from "./code-answers.ts";
import { type Destination, destinationKey } from "./codes.ts";
import type { AuthKeys } from "./keys.ts";
import type { CodeMessenger } from "./messenger.ts";
import { sendCode, tryCode } from "./otp.ts";
import { findUser, languageOf, presentUser, standingIn } from "./people.ts";
import { isSignatureValid } from "./signature.ts";
import { uniqueViolationField } from "./unique-violations.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

const noEmail = () =>
  refuse("account_email_missing", "The account has no email address to verify", {
    email: "account.emailMissing",
  });
const alreadyVerified = () =>
  refuse("account_email_already_verified", "This email address is already verified", {
    email: "account.emailAlreadyVerified",
  });
const emailChanged = () =>
  refuse("account_email_changed", "The account's email address is not this one (it was changed)", {
    email: "account.emailChanged",
  });
/** Told only to someone who proved the address with a code: nothing leaks. */
const emailTaken = () =>
  refuse("account_email_taken", "This email is already used by another account", { email: "account.emailTaken" });
const otpInvalid = () => refuse("otp_invalid", "The code is not valid", { otp: "otpScreen.otpInvalid" });

/**
 * Proving the account's email (spec §5 account rules: only a verified email
 * signs in). An email typed at sign-up or in settings is stored unverified
 * and signs nobody in; its owner proves it here with a code sent to it, under
 * the same limits as every other code (the same destination key as signing in
 * by email, so the budgets are shared).
 */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { keys, messenger }: { keys: AuthKeys; messenger: CodeMessenger },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.post(
    "/api/auth/me/email-verification/send",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary: "Send a code to my (unverified) email, to prove it is mine",
        security: [{ bearer: [] }],
        response: { 200: resendOtpResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await findUser(db, claimsOf(request).userId);
      if (!user) throw tokenInvalid();
      if (user.email === null) throw noEmail();
      if (user.email_verified_at !== null) throw alreadyVerified();
      const destination: Destination = { kind: "email", value: user.email };
      const result = await sendCode(
        db,
        { key: destinationKey(destination), ip: request.ip, otpKey: keys.otp, purpose: "email_verification" },
        (tx, code, expiresAt) =>
          messenger.queue(tx, {
            destination,
            code,
            language: languageOf(user),
            expiresAt,
            purpose: "email-verification",
          }),
      );
      return codeSentAnswer(reply, result, messenger);
    },
  );

  api.post(
    "/api/auth/me/email-verification",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        summary: "Prove my email with the code sent to it; from then on it signs in",
        security: [{ bearer: [] }],
        body: emailVerificationBodySchema,
        response: { 200: meResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const body = request.body;
      if (!isSignatureValid(keys.clientSignature, { subject: body.email, ...body })) {
        throw refuse("signature_invalid", "The request signature is not valid or has expired");
      }
      const user = await findUser(db, claims.userId);
      if (!user) throw tokenInvalid();
      // Refused before the code is tried, so it stays unspent.
      if (user.email !== body.email) throw emailChanged();

      let outcome = "verified" as "verified" | "taken" | "changed";
      if (user.email_verified_at === null) {
        const right = await tryCode(
          db,
          {
            key: destinationKey({ kind: "email", value: body.email }),
            ip: request.ip,
            code: body.otp,
            otpKey: keys.otp,
            purposes: ["email_verification"],
          },
          async (tx) => {
            // Every proof of this address runs under its destination lock (tryCode), so this
            // check and the update cannot interleave with another account's proof of it.
            const holder = await tx
              .selectFrom("users")
              .select("id")
              .where("email", "=", body.email)
              .where("email_verified_at", "is not", null)
              .where("id", "!=", user.id)
              .executeTakeFirst();
            if (holder) {
              outcome = "taken";
              return;
            }
            const now = new Date();
            const updated = await tx
              .updateTable("users")
              .set({ email_verified_at: now, updated_at: now })
              .where("id", "=", user.id)
              .where("email", "=", body.email)
              .returning("id")
              .executeTakeFirst();
            if (!updated) outcome = "changed";
          },
        ).catch((error: unknown) => {
          // Another path made the address verified at the same moment: the unique index decides.
          if (uniqueViolationField(error) === "email") throw emailTaken();
          throw error;
        });
        if (!right) throw otpInvalid();
        if (outcome === "taken") throw emailTaken();
        if (outcome === "changed") throw emailChanged();
      }

      const current = await findUser(db, user.id);
      if (!current) throw tokenInvalid();
      const standing = claims.organizationId ? await standingIn(db, current, claims.organizationId) : undefined;
      return { data: presentUser(current, claims.organizationId, standing) };
    },
  );
}
