import { createHash, randomBytes } from "node:crypto";
import type { CalendarFeedResponse } from "@workshift/contracts";
import { messagePiece } from "../delivery/render.ts";
import type { Actor } from "../lib/access/actor.ts";
import type { Db } from "../lib/db/database.ts";
import { inOrganization, type Tx, withCalendarToken } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";
import { type FeedShift, feedCalendar } from "./ics.ts";

/** A feed's secret: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export function newFeedToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashFeedToken(token) };
}

export const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Tokens we hand out look like this; anything else is unknown without touching the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/** What a calendar app is given: the past month and the next half year. */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 180;
const DAY_MS = 86_400_000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Whether the person has a feed (the URL itself is only ever shown when it is made). */
export async function feedOf(tx: Tx, actor: Actor): Promise<CalendarFeedResponse> {
  const row = await tx
    .selectFrom("calendar_feeds")
    .select("created_at")
    .where("organization_id", "=", actor.organizationId)
    .where("user_id", "=", actor.userId)
    .executeTakeFirst();
  return { url: null, active: row !== undefined, created_at: row ? iso(row.created_at) : null };
}

/**
 * A new secret URL for the person's feed in this organization; an older one
 * stops working. Only members make one (the route's my.calendar): a platform
 * ADMIN working in an organization is no member of it and has no shifts there.
 */
export async function replaceFeed(tx: Tx, actor: Actor, publicUrl: string): Promise<CalendarFeedResponse> {
  const { token, hash } = newFeedToken();
  const row = await tx
    .insertInto("calendar_feeds")
    .values({ organization_id: actor.organizationId, user_id: actor.userId, token_hash: hash })
    .onConflict((oc) =>
      oc.columns(["organization_id", "user_id"]).doUpdateSet({ token_hash: hash, created_at: new Date() }),
    )
    .returning("created_at")
    .executeTakeFirstOrThrow();
  return { url: feedUrl(publicUrl, token), active: true, created_at: iso(row.created_at) };
}

export async function revokeFeed(tx: Tx, actor: Actor): Promise<void> {
  await tx
    .deleteFrom("calendar_feeds")
    .where("organization_id", "=", actor.organizationId)
    .where("user_id", "=", actor.userId)
    .execute();
}

const noSuchFeed = () => notFound("No such calendar");

/**
 * What an event says beyond its title, a line each in the person's language:
 * the job (if any), the board, the address (the job's, else the company's),
 * then the shift's note.
 */
export function eventDescription(
  language: string,
  shift: { job_name: string | null; board_name: string; location: string | null; note: string | null },
): string {
  const line = (key: string, values: Record<string, string>) => messagePiece(language, `calendarEvent.${key}`, values);
  return [
    shift.job_name === null ? null : line("job", { name: shift.job_name }),
    line("board", { name: shift.board_name }),
    shift.location === null ? null : line("address", { address: shift.location }),
    shift.note === null ? null : line("note", { note: shift.note }),
  ]
    .filter((text) => text !== null)
    .join("\n");
}

/**
 * The .ics text of the feed a token names: that person's published shifts in
 * that organization (what they were told, never drafts), each saying its
 * job, board and address (eventDescription). Unknown or revoked
 * tokens, and people no longer active there, are 404.
 */
export async function feedIcs(db: Db, token: string, now = new Date()): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw noSuchFeed();
  return withCalendarToken(db, hashFeedToken(token), async (tx) => {
    // Policy by_token shows this transaction the one feed, before any organization is set.
    const feed = await tx
      .selectFrom("calendar_feeds")
      .select(["organization_id", "user_id"])
      .where("token_hash", "=", hashFeedToken(token))
      .executeTakeFirst();
    if (!feed) throw noSuchFeed();
    return inOrganization(tx, feed.organization_id, async (org) => {
      const organizationId = feed.organization_id;
      const person = await org
        .selectFrom("memberships as m")
        .innerJoin("organizations as o", "o.id", "m.organization_id")
        .innerJoin("users as u", "u.id", "m.user_id")
        .select(["o.title", "o.address", "o.zip_code", "u.language"])
        .where("m.organization_id", "=", organizationId)
        .where("m.user_id", "=", feed.user_id)
        .where("m.status", "=", "active")
        .executeTakeFirst();
      if (!person) throw noSuchFeed();
      const rows = await org
        .selectFrom("shifts as s")
        .innerJoin("job_schedulers as b", (join) =>
          join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
        )
        .leftJoin("jobs as j", (join) =>
          join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.published_job_id"),
        )
        .select([
          "s.id",
          "s.published_starts_at as starts_at",
          "s.published_ends_at as ends_at",
          "s.published_note as note",
          "s.published_at",
          "b.name as board_name",
          "j.name as job_name",
          "j.address as job_address",
        ])
        .where("s.organization_id", "=", organizationId)
        .where("s.published_user_id", "=", feed.user_id)
        .where("s.published_at", "is not", null)
        .where("s.published_starts_at", ">=", new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS))
        .where("s.published_starts_at", "<", new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS))
        .orderBy("s.published_starts_at")
        .execute();
      const companyAddress = [person.address, person.zip_code].filter(Boolean).join(", ") || null;
      const shifts: FeedShift[] = rows.map((row) => {
        const location = row.job_address ?? companyAddress;
        return {
          id: row.id,
          startsAt: new Date(row.starts_at as Date),
          endsAt: new Date(row.ends_at as Date),
          publishedAt: new Date(row.published_at as Date),
          title: row.job_name ?? row.board_name,
          description: eventDescription(person.language, { ...row, location }),
          location,
        };
      });
      return feedCalendar(person.title, shifts);
    });
  });
}
