import { createHash, randomBytes } from "node:crypto";
import { INVITATION_TTL_DAYS, type InvitationChannel, publicPaths } from "@workshift/contracts";
import { enqueueMessages } from "../delivery/outbox.ts";
import { renderMessage } from "../delivery/render.ts";
import type { Tx } from "../lib/db/tenancy.ts";

/** A link's secret: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Tokens we hand out look like this; anything else is refused before touching the database. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);

export const activationLink = (publicUrl: string, token: string) =>
  `${publicUrl}${publicPaths.activate.replace(":token", token)}`;

export interface InvitationMessage {
  channel: InvitationChannel;
  /** Phone digits or email address. */
  to: string;
  language: string;
  organization: string;
  inviter: string;
  link: string;
  /** When the link stops working: a message not delivered by then is dropped. */
  expiresAt: Date;
}

/** Queues invitation messages in the caller's transaction (sent by the outbox worker after commit). */
export async function queueInvitationMessages(tx: Tx, messages: readonly InvitationMessage[]): Promise<void> {
  await enqueueMessages(
    tx,
    messages.map((message) => {
      const text = renderMessage("invitation", message.language, {
        organization: message.organization,
        inviter: message.inviter,
        link: message.link,
        days: INVITATION_TTL_DAYS,
      });
      return {
        channel: message.channel,
        to: message.to,
        ...(message.channel === "sms" ? text.sms : text.email),
        language: message.language,
        expiresAt: message.expiresAt,
      };
    }),
  );
}
