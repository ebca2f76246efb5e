import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  errorBodySchema,
  invitationViewSchema,
  maskDestination,
  resendOtpResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { assertCodeCountry, codeSentAnswer } from "../auth/code-answers.ts";
import { destinationKey } from "../auth/codes.ts";
import type { AuthKeys } from "../auth/keys.ts";
import type { CodeMessenger } from "../auth/messenger.ts";
import { sendCode, tryCode } from "../auth/otp.ts";
import { presentUser, screenLanguage } from "../auth/people.ts";
import { startSession } from "../auth/sessions.ts";
import { isSignatureValid } from "../auth/signature.ts";
import { uniqueViolationField } from "../auth/unique-violations.ts";
import { INVITATION_SETTING, USER_SETTING } from "../lib/db/app-role.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { refuse } from "../lib/http/errors.ts";
import { requestLanguage } from "../lib/http/language.ts";
import { destinationOfInvitation, findLiveInvitation, invitationInvalid, liveInvitation } from "./lookup.ts";
import { hashInvitationToken } from "./tokens.ts";

export interface InvitationOptions {
  keys: AuthKeys;
  smsCountries: readonly string[];
  messenger: CodeMessenger;
}

const refusals = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  429: errorBodySchema,
};

const tokenParams = z.object({ token: z.string().max(100) });

const otpInvalid = () => refuse("otp_invalid", "The code is not valid", { otp: "otpScreen.otpInvalid" });
/** Told only to someone who proved the address with a code: nothing leaks. */
const emailTaken = () =>
  refuse("account_email_taken", "Another account uses this email", { email: "account.emailTaken" });

/**
 * Activation (spec §2 /account/activate/{token}): public, the link is the
 * key. The code goes only to the invited account's own phone or email, under
 * the same sending and trying limits as signing in; accepting needs the link,
 * the code and the device signature, and works once.
 */
export async function invitationRoutes(app: FastifyInstance, { keys, smsCountries, messenger }: InvitationOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ["invitations"];

  api.get(
    "/api/invitations/:token",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "What an invitation link is for: the organization, who invited, the name, where the code goes",
        params: tokenParams,
        response: { 200: invitationViewSchema, ...refusals },
      },
    },
    async (request) => {
      const invitation = await findLiveInvitation(db, request.params.token);
      return {
        organization: { id: invitation.organizationId, title: invitation.organizationTitle },
        invited_by: invitation.invitedBy,
        // The name this organization typed, to confirm or correct (never the account's own).
        first_name: invitation.typed.first_name,
        last_name: invitation.typed.last_name,
        channel: invitation.channel,
        destination: maskDestination(destinationOfInvitation(invitation)),
        expires_at: invitation.expiresAt.toISOString(),
      };
    },
  );

  api.post(
    "/api/invitations/:token/send-code",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Send a one-time code to the invitation's phone or email",
        params: tokenParams,
        response: { 200: resendOtpResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const invitation = await findLiveInvitation(db, request.params.token);
      const destination = destinationOfInvitation(invitation);
      assertCodeCountry(destination, smsCountries);
      // The person at the link has not chosen a language yet if the invitation made their account.
      const language = screenLanguage(invitation.user, requestLanguage(request));
      const result = await sendCode(
        db,
        { key: destinationKey(destination), ip: request.ip, otpKey: keys.otp, purpose: "invitation" },
        (tx, code, expiresAt) => messenger.queue(tx, { destination, code, language, expiresAt }),
      );
      return codeSentAnswer(reply, result, messenger);
    },
  );

  api.post(
    "/api/invitations/:token/accept",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Confirm the name and the code: the membership becomes active and a session starts in it",
        params: tokenParams,
        body: acceptInvitationBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const body = request.body;
      const invitation = await findLiveInvitation(db, request.params.token);
      const destination = destinationOfInvitation(invitation);
      // The page holds the link's token but only a masked phone or email, so the signature covers the token.
      const proof = { subject: request.params.token, device_id: body.device_id, timestamp: body.timestamp };
      if (!isSignatureValid(keys.clientSignature, { ...proof, signature: body.signature })) {
        throw refuse("signature_invalid", "The request signature is not valid or has expired");
      }
      const tokenHash = hashInvitationToken(request.params.token);
      const now = new Date();
      let result: z.infer<typeof acceptInvitationResponseSchema> | undefined;
      // Everything happens with the right code, under the destination's lock (tryCode): the link,
      // the account and where the code went are read again there, and a refusal rolls the whole
      // try back, so the code stays unspent for a 409 that could be known beforehand.
      const tried = {
        key: destinationKey(destination),
        ip: request.ip,
        code: body.otp,
        otpKey: keys.otp,
        purposes: ["invitation"] as const,
      };
      const right = await tryCode(db, tried, async (tx) => {
        await sql`select set_config(${INVITATION_SETTING}, ${tokenHash}, true)`.execute(tx);
        // Again, under lock: the link works once, even for two accepts at the same moment.
        const live = await liveInvitation(tx, tokenHash, now, true);
        const current = destinationOfInvitation(live);
        // The account or its contacts changed since the code was sent: this code proves nothing about it.
        if (live.userId !== invitation.userId || destinationKey(current) !== destinationKey(destination)) {
          throw invitationInvalid();
        }
        const organizationId = live.organizationId;
        const userId = live.userId;

        // The confirmed name becomes the account's only on an account nobody has signed in to and
        // nobody else relies on (no active membership elsewhere): one an invitation made. Anyone
        // else keeps their own profile; what this organization typed stays its own record.
        await sql`select set_config(${USER_SETTING}, ${userId}, true)`.execute(tx);
        const elsewhere = await tx
          .selectFrom("memberships")
          .select("organization_id")
          .where("user_id", "=", userId)
          .where("status", "=", "active")
          .where("organization_id", "<>", organizationId)
          .limit(1)
          .executeTakeFirst();
        await sql`select set_config(${USER_SETTING}, '', true)`.execute(tx);
        const fresh = elsewhere === undefined && !live.user.claimed;
        const profile = fresh ? { first_name: body.first_name, last_name: body.last_name } : {};
        // An address the organization typed beside the phone joins a fresh account unverified (its
        // owner verifies it in Settings); the link went to the phone, so it proves nothing.
        const typedEmail =
          fresh && live.user.email === null && live.typed.email !== null ? { email: live.typed.email } : {};
        // The language the invitation gave the account was the inviter's guess; the page the person
        // reads is their own. A language they chose before (another organization's account) stays.
        const language = live.user.language_chosen
          ? {}
          : { language: requestLanguage(request, body.language), language_chosen: true };

        // The code proves the email only on an account the invitation made (nobody has signed in
        // to it) and whose only contact it is: a phone on it was typed by the inviter, proved by
        // nobody, and would sign in to the account the email's owner just proved their address onto.
        const provesEmail =
          current.kind === "email" &&
          !live.user.claimed &&
          live.user.email_verified_at === null &&
          live.user.phone === null;
        if (provesEmail) {
          const holder = await tx
            .selectFrom("users")
            .select("id")
            .where("email", "=", current.value)
            .where("email_verified_at", "is not", null)
            .where("id", "<>", userId)
            .executeTakeFirst();
          if (holder) throw emailTaken();
        }
        await tx
          .updateTable("users")
          .set({ ...profile, ...typedEmail, ...language, updated_at: now })
          .where("id", "=", userId)
          .execute();
        if (provesEmail) {
          await tx
            .updateTable("users")
            .set({ email_verified_at: now })
            .where("id", "=", userId)
            .where("email", "=", current.value)
            .where("email_verified_at", "is", null)
            .where("phone", "is", null)
            .execute();
        }
        const user = await tx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
        // The membership was locked (liveInvitation) before the invitation; it must still be waiting.
        const membership = await tx
          .updateTable("memberships")
          .set({
            status: "active",
            invited_first_name: null,
            invited_last_name: null,
            invited_phone: null,
            invited_email: null,
            updated_at: now,
          })
          .where("organization_id", "=", organizationId)
          .where("user_id", "=", userId)
          .where("status", "=", "invited")
          .returning(["role", "permissions"])
          .executeTakeFirst();
        if (membership === undefined) throw invitationInvalid();
        await tx.updateTable("invitations").set({ accepted_at: now }).where("id", "=", live.id).execute();
        await recordAudit(
          tx,
          { organizationId, userId },
          {
            action: "invitation.accept",
            targetType: "user",
            targetId: userId,
            after: { channel: live.channel, name_set: fresh, email_verified: provesEmail },
          },
        );
        const standing = { role: membership.role, permissions: membership.permissions };
        const tokens = await startSession(tx, keys, { userId, organizationId, role: membership.role }, now);
        result = { ...tokens, user: presentUser(user, organizationId, standing) };
      }).catch((error: unknown) => {
        // Another account proved this email at the same moment: the unique index decides.
        if (uniqueViolationField(error) === "email") throw emailTaken();
        throw error;
      });
      if (!right || result === undefined) throw otpInvalid();
      return result;
    },
  );
}
