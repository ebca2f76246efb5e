import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  errorBodySchema,
  fallbackLanguage,
  invitationViewSchema,
  isLanguage,
  maskDestination,
  phoneCountry,
  resendOtpResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { destinationKey } from "../auth/codes.ts";
import type { AuthKeys } from "../auth/keys.ts";
import type { CodeMessenger } from "../auth/messenger.ts";
import { sendCode, tryCode } from "../auth/otp.ts";
import { presentUser } from "../auth/people.ts";
import { startSession } from "../auth/sessions.ts";
import { isSignatureValid } from "../auth/signature.ts";
import { USER_SETTING } from "../lib/db/app-role.ts";
import { withInvitationToken } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { audit } from "../people/audit.ts";
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
        first_name: invitation.user.first_name,
        last_name: invitation.user.last_name,
        channel: invitation.channel,
        destination: maskDestination(destinationOfInvitation(invitation)),
        expires_at: invitation.expiresAt.toISOString(),
      };
    },
  );

  api.post(
    "/api/invitations/:token/send-code",
    {
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
      if (destination.kind === "phone" && !smsCountries.includes(phoneCountry(destination.value) ?? "")) {
        throw new AppError(400, "sms_country_not_allowed", "Codes cannot be sent by SMS to this country", {
          phone: "phone.countryNotAllowed",
        });
      }
      const language = isLanguage(invitation.user.language) ? invitation.user.language : fallbackLanguage;
      const result = await sendCode(
        db,
        { key: destinationKey(destination), ip: request.ip, otpKey: keys.otp },
        (tx, code, expiresAt) => messenger.queue(tx, { destination, code, language, expiresAt }),
      );
      // Locked: answered like sign-in does, without sending (the lock is not told apart).
      if (!result.sent && result.reason === "locked") return { detail: "sent" as const };
      if (!result.sent) {
        reply.header("retry-after", String(result.retryAfterSeconds));
        throw new AppError(429, "rate_limited", `Too many codes; try again in ${result.retryAfterSeconds} seconds`);
      }
      messenger.wake();
      return { detail: "sent" as const };
    },
  );

  api.post(
    "/api/invitations/:token/accept",
    {
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
      const proof = { subject: destination.value, device_id: body.device_id, timestamp: body.timestamp };
      if (!isSignatureValid(keys.clientSignature, { ...proof, signature: body.signature })) {
        throw new AppError(400, "signature_invalid", "The request signature is not valid or has expired");
      }
      const right = await tryCode(db, { key: destinationKey(destination), code: body.otp, otpKey: keys.otp });
      if (!right) throw new AppError(400, "otp_invalid", "The code is not valid", { otp: "otpScreen.otpInvalid" });

      const tokenHash = hashInvitationToken(request.params.token);
      const now = new Date();
      const result = await withInvitationToken(db, tokenHash, async (tx) => {
        // Again, under lock: the link works once, even for two accepts at the same moment.
        const live = await liveInvitation(tx, tokenHash, now, true);
        if (live.userId !== invitation.userId) throw invitationInvalid();
        const organizationId = live.organizationId;
        const userId = live.userId;

        // The name is theirs to confirm only when nobody else relies on it: no other active membership.
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
        const profile = elsewhere === undefined ? { first_name: body.first_name, last_name: body.last_name } : {};
        const verifiesEmail = destination.kind === "email";
        const user = await tx
          .updateTable("users")
          .set({
            ...profile,
            ...(verifiesEmail ? { email_verified_at: now } : {}),
            updated_at: now,
          })
          .where("id", "=", userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        const membership = await tx
          .updateTable("memberships")
          .set({ status: "active", updated_at: now })
          .where("organization_id", "=", organizationId)
          .where("user_id", "=", userId)
          .returning(["role", "permissions"])
          .executeTakeFirstOrThrow();
        await tx.updateTable("invitations").set({ accepted_at: now }).where("id", "=", live.id).execute();
        await audit(tx, {
          organizationId,
          actorUserId: userId,
          action: "invitation.accept",
          targetId: userId,
          after: { channel: live.channel, name_set: elsewhere === undefined },
        });
        const standing = { role: membership.role, permissions: membership.permissions };
        const tokens = await startSession(tx, keys, { userId, organizationId, role: membership.role }, now);
        return { ...tokens, user: presentUser(user, organizationId, standing) };
      }).catch((error: unknown) => {
        // Someone else proved this email meanwhile (email unique among verified ones).
        if ((error as { code?: string }).code === "23505") {
          throw new AppError(409, "conflict", "Another account uses this email", { email: "account.emailTaken" });
        }
        throw error;
      });
      return result;
    },
  );
}
