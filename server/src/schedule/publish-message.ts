import { fallbackLanguage, isLanguage } from "@workshift/contracts";
import { DateTime } from "luxon";
import { messagePiece, type RenderedMessage, renderMessage } from "../delivery/render.ts";
import type { ChangeKind, PersonChange } from "./publish-plan.ts";

/** How many shifts a message lists by day and time (the rest are counted). */
export const SMS_LINES = 2;
export const EMAIL_LINES = 6;

/** A shift as a message names it: when, and where (its board's zone, its job's or board's name). */
export type ShiftMention = Pick<PersonChange, "boardId" | "jobId" | "startsAt" | "endsAt">;

export interface MessageContext {
  organization: string;
  /** The person's first name (the email greets them). */
  name: string;
  /** Where they see all their shifts (/my). */
  link: string;
  /** The zone a board's days and times are read in. */
  zoneOf(boardId: string): string;
  /** What a shift is called: its job's name, else its board's. */
  placeOf(change: ShiftMention): string | null;
}

/** Open shifts this person may claim, told in the same message as their own changes (one more line). */
export interface OpenShiftsLine {
  count: number;
  /** Where they see and claim them (/my/shifts). */
  link: string;
}

const KINDS: readonly ChangeKind[] = ["added", "changed", "removed"];

/** "Mon, Mar 30, 9:00 AM – 5:00 PM (Kitchen)" in the person's language, in the board's zone. */
export function when(change: ShiftMention, language: string, context: MessageContext): string {
  const zone = context.zoneOf(change.boardId);
  const start = DateTime.fromJSDate(change.startsAt, { zone }).setLocale(language);
  const end = DateTime.fromJSDate(change.endsAt, { zone }).setLocale(language);
  const day = start.toLocaleString({ weekday: "short", day: "numeric", month: "short" });
  const text = `${day} ${start.toLocaleString(DateTime.TIME_SIMPLE)}–${end.toLocaleString(DateTime.TIME_SIMPLE)}`;
  const place = context.placeOf(change);
  // ICU puts narrow no-break spaces in "9:00 AM": plain spaces keep an SMS in the GSM alphabet (160 characters, not 70).
  return (place ? `${text} (${place})` : text).replace(/[\u202f\u00a0]/g, " ");
}

/**
 * The one message a person gets for a publish, in their language: how many
 * shifts are new, changed and removed, then the first few by day and time
 * (in order), and the link to all their shifts. Open shifts the same publish
 * made visible to them are one more line (`openShifts`), not a second message.
 */
export function publishMessage(
  language: string,
  changes: readonly PersonChange[],
  context: MessageContext,
  openShifts?: OpenShiftsLine,
): RenderedMessage {
  const lng = isLanguage(language) ? language : fallbackLanguage;
  const counts = KINDS.map((kind) => [kind, changes.filter((change) => change.kind === kind).length] as const);
  const summary = new Intl.ListFormat(lng, { type: "conjunction" }).format(
    counts
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => messagePiece(lng, `scheduleChange.${kind}`, {}, count)),
  );
  const ordered = [...changes].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const lines = (max: number) => {
    const shown = ordered
      .slice(0, max)
      .map((change) => messagePiece(lng, `scheduleLine.${change.kind}`, { when: when(change, lng, context) }));
    if (ordered.length > max) shown.push(messagePiece(lng, "scheduleChange.more", {}, ordered.length - max));
    if (openShifts && openShifts.count > 0) {
      shown.push(messagePiece(lng, "openShifts.also", { link: openShifts.link }, openShifts.count));
    }
    return shown;
  };
  const params = { organization: context.organization, name: context.name, changes: summary, link: context.link };
  const sms = renderMessage("schedulePublished", lng, { ...params, shifts: lines(SMS_LINES).join("; ") });
  const email = renderMessage("schedulePublished", lng, { ...params, shifts: lines(EMAIL_LINES).join("\n") });
  return { sms: sms.sms, email: email.email };
}
