import { fallbackLanguage, isLanguage } from "@workshift/contracts";
import type { Kysely } from "kysely";
import type { Tables } from "../lib/db/schema.ts";
import { type Channel, displayRecipient } from "./provider.ts";

export interface NewMessage {
  channel: Channel;
  /** A phone (international digits, "+" optional) for sms, an email address for email. */
  to: string;
  /** Email only (required there). */
  subject?: string | undefined;
  body: string;
  /** The one-time code the body carries: the dev outbox shows it; production clears it once sent. */
  code?: string | null | undefined;
  /** en, ar, fr or es; anything else is stored as en. */
  language: string;
  /** When the message stops being useful (a code's expiry): not delivered by then, it is dropped as expired. */
  expiresAt?: Date | null | undefined;
}

/**
 * Puts a message in the outbox inside the caller's transaction (`tx` from
 * db.transaction(), withOrganization or withUser; a plain Db works too), so the
 * message exists if and only if the change that caused it commits. The worker
 * sends it; call `app.delivery.wake()` after the commit to send it at once.
 * Returns the message's id.
 */
export async function enqueueMessage(tx: Kysely<Tables>, message: NewMessage): Promise<string> {
  if (message.channel === "email" && !message.subject) throw new Error("an email needs a subject");
  const row = await tx
    .insertInto("outbox_messages")
    .values({
      channel: message.channel,
      recipient: message.channel === "sms" ? message.to.replace(/^\+/, "") : message.to,
      subject: message.channel === "email" ? (message.subject ?? null) : null,
      body: message.body,
      code: message.code ?? null,
      language: isLanguage(message.language) ? message.language : fallbackLanguage,
      expires_at: message.expiresAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Many messages in the caller's transaction with one insert per 500 (a CSV
 * import invites a thousand people at once); the same rules as enqueueMessage.
 */
export async function enqueueMessages(tx: Kysely<Tables>, messages: readonly NewMessage[]): Promise<void> {
  if (messages.some((message) => message.channel === "email" && !message.subject)) {
    throw new Error("an email needs a subject");
  }
  for (let start = 0; start < messages.length; start += 500) {
    await tx
      .insertInto("outbox_messages")
      .values(
        messages.slice(start, start + 500).map((message) => ({
          channel: message.channel,
          recipient: message.channel === "sms" ? message.to.replace(/^\+/, "") : message.to,
          subject: message.channel === "email" ? (message.subject ?? null) : null,
          body: message.body,
          code: message.code ?? null,
          language: isLanguage(message.language) ? message.language : fallbackLanguage,
          expires_at: message.expiresAt ?? null,
        })),
      )
      .execute();
  }
}

export interface OutboxEntry {
  /** "+96171123456" for a phone. */
  to: string;
  channel: Channel;
  body: string;
  code: string | null;
  /** When it was sent; for a message still waiting, when it was queued. */
  sent_at: string;
}

/** The dev outbox: sent and waiting messages, newest first. */
export async function recentMessages(
  db: Kysely<Tables>,
  { to, limit = 100 }: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxEntry[]> {
  let query = db
    .selectFrom("outbox_messages")
    .select(["recipient", "channel", "body", "code", "sent_at", "created_at"])
    .where("status", "in", ["pending", "sending", "sent"])
    .orderBy("seq", "desc")
    .limit(limit);
  // trim: an unencoded "+" in a query string arrives as a space.
  if (to !== undefined) query = query.where("recipient", "=", to.trim().replace(/^\+/, ""));
  const rows = await query.execute();
  return rows.map((row) => ({
    to: displayRecipient({ channel: row.channel, to: row.recipient }),
    channel: row.channel,
    body: row.body ?? "",
    code: row.code,
    sent_at: new Date(row.sent_at ?? row.created_at).toISOString(),
  }));
}
