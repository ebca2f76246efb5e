import { adminPaths, employeePaths, fallbackLanguage, isLanguage } from "@workshift/contracts";
import { sql } from "kysely";
import { DateTime } from "luxon";
import type { NewMessage } from "../delivery/outbox.ts";
import { activeRecipients, channelOf } from "../delivery/recipients.ts";
import { messagePiece } from "../delivery/render.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { dayText, detailsOf, type RequestDetails, type RequestRow, type ShiftSnapshot } from "./records.ts";

/**
 * What people are told about requests, each in their own language, through
 * the outbox: teammates of an offer or a swap, the author when a teammate
 * answers, the people of a decision, and the managers when a request starts
 * waiting for them. Texts are in server/locales/{lng}/messages.json under
 * request*.
 */

export type MessageText = "offered" | "swapAsked" | "accepted" | "refused" | "approved" | "declined" | "waiting";

export interface MessageIntent {
  text: MessageText;
  /** The request as it now is. */
  request: RequestRow;
  /** The accounts told (only active members are reached). */
  to: readonly string[];
  /** Where the link leads: the employee's requests or the managers' inbox. */
  audience: "employee" | "manager";
  /** The teammate who accepted or refused. */
  person?: string | null;
  /** A decline's reason, or a refusal's. */
  reason?: string | null;
}

interface Lookups {
  organization: string;
  boards: Map<string, { name: string; time_zone: string }>;
  jobs: Map<string, string>;
  names: Map<string, string>;
  leaveTypes: Map<string, string>;
}

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Mon, Jun 8 9:00 AM–5:00 PM (Kitchen)" in the board's zone, in the reader's language. */
function when(shift: ShiftSnapshot | undefined, lng: string, lookups: Lookups): string {
  if (!shift) return "";
  const board = lookups.boards.get(shift.board_id);
  const zone = board?.time_zone ?? "UTC";
  const start = DateTime.fromISO(shift.starts_at, { zone }).setLocale(lng);
  const end = DateTime.fromISO(shift.ends_at, { zone }).setLocale(lng);
  const day = start.toLocaleString({ weekday: "short", day: "numeric", month: "short" });
  const text = `${day} ${start.toLocaleString(DateTime.TIME_SIMPLE)}–${end.toLocaleString(DateTime.TIME_SIMPLE)}`;
  const place = (shift.job_id === null ? undefined : lookups.jobs.get(shift.job_id)) ?? board?.name;
  // Plain spaces keep an SMS in the GSM alphabet.
  return plain(place ? `${text} (${place})` : text);
}

/** "Mon, Jun 8" in the reader's language. */
const dateText = (date: string, lng: string) =>
  plain(
    DateTime.fromISO(date, { zone: "UTC" })
      .setLocale(lng)
      .toLocaleString({ weekday: "short", day: "numeric", month: "short" }),
  );

/** Time off, or its cancellation: its type and days. */
function timeOffWhat(row: RequestRow, details: RequestDetails, lng: string, lookups: Lookups): string {
  const leave = details.time_off;
  const type = (row.leave_type_id ? lookups.leaveTypes.get(row.leave_type_id) : undefined) ?? "";
  const from = leave?.from ?? dayText(row.day);
  const to = leave?.to ?? from;
  const cancel = row.kind === "time_off_cancel" ? "Cancel" : "";
  if (from === to) return messagePiece(lng, `requestWhat.timeOff${cancel}Day`, { type, date: dateText(from, lng) });
  return messagePiece(lng, `requestWhat.timeOff${cancel}`, {
    type,
    from: dateText(from, lng),
    to: dateText(to, lng),
  });
}

/** What the request asks for, in a phrase. */
function what(row: RequestRow, details: RequestDetails, lng: string, lookups: Lookups): string {
  const shift = when(details.shift, lng, lookups);
  const other = when(details.other_shift, lng, lookups);
  switch (row.kind) {
    case "claim":
      return messagePiece(lng, "requestWhat.claim", { when: shift });
    case "cover":
      return messagePiece(lng, "requestWhat.cover", { when: shift });
    case "swap":
      return messagePiece(lng, "requestWhat.swap", { when: shift, other });
    case "availability": {
      const change = details.change;
      if (change?.type === "weekly") {
        return messagePiece(lng, "requestWhat.availabilityWeekly", { date: dateText(change.effective_from, lng) });
      }
      return messagePiece(lng, "requestWhat.availabilityException", { date: dateText(change?.date ?? "", lng) });
    }
    case "time_off":
    case "time_off_cancel":
      return timeOffWhat(row, details, lng, lookups);
    default:
      return messagePiece(lng, "requestWhat.correction", {
        date: dateText(dayText(row.day), lng),
      });
  }
}

/** The message's sentence for one reader. */
function sentence(intent: MessageIntent, readerId: string, lng: string, lookups: Lookups): string {
  const row = intent.request;
  const details = detailsOf(row);
  const author = lookups.names.get(row.author_id) ?? "";
  const person = intent.person ? (lookups.names.get(intent.person) ?? "") : "";
  const mine = readerId === row.author_id;
  switch (intent.text) {
    case "offered":
      return messagePiece(lng, "requestText.offered", { author, when: when(details.shift, lng, lookups) });
    case "swapAsked":
      return messagePiece(lng, "requestText.swapAsked", {
        author,
        when: when(details.shift, lng, lookups),
        other: when(details.other_shift, lng, lookups),
      });
    case "accepted":
      return messagePiece(lng, "requestText.accepted", { person, what: what(row, details, lng, lookups) });
    case "refused":
      return intent.reason
        ? messagePiece(lng, "requestText.refusedWhy", {
            person,
            what: what(row, details, lng, lookups),
            reason: intent.reason,
          })
        : messagePiece(lng, "requestText.refused", { person, what: what(row, details, lng, lookups) });
    case "approved":
      return messagePiece(lng, mine ? "requestText.approvedMine" : "requestText.approvedTheirs", {
        author,
        what: what(row, details, lng, lookups),
      });
    case "declined":
      return messagePiece(lng, mine ? "requestText.declinedMine" : "requestText.declinedTheirs", {
        author,
        what: what(row, details, lng, lookups),
        reason: intent.reason ?? "",
      });
    default: {
      // The managers decide who takes a cover: name them.
      const taker = row.kind === "cover" && row.taker_id ? lookups.names.get(row.taker_id) : undefined;
      const asked = taker
        ? messagePiece(lng, "requestWhat.coverTo", { when: when(details.shift, lng, lookups), taker })
        : what(row, details, lng, lookups);
      return messagePiece(lng, "requestText.waiting", { author, what: asked });
    }
  }
}

async function lookupsFor(tx: Tx, organizationId: string, intents: readonly MessageIntent[]): Promise<Lookups> {
  const snapshots = intents.flatMap((intent) => {
    const details = detailsOf(intent.request);
    return [details.shift, details.other_shift].filter((shift): shift is ShiftSnapshot => shift !== undefined);
  });
  const boardIds = [...new Set(snapshots.map((shift) => shift.board_id))];
  const jobIds = [...new Set(snapshots.flatMap((shift) => (shift.job_id === null ? [] : [shift.job_id])))];
  const peopleIds = [
    ...new Set(
      intents.flatMap((intent) =>
        [intent.request.author_id, intent.request.taker_id, intent.person ?? null].filter(
          (id): id is string => id !== null,
        ),
      ),
    ),
  ];
  const leaveTypeIds = [
    ...new Set(intents.flatMap((intent) => (intent.request.leave_type_id ? [intent.request.leave_type_id] : []))),
  ];
  const [organization, boards, jobs, people, leaveTypes] = await Promise.all([
    tx.selectFrom("organizations").select("title").where("id", "=", organizationId).executeTakeFirstOrThrow(),
    boardIds.length === 0
      ? []
      : tx
          .selectFrom("job_schedulers")
          .select(["id", "name", "time_zone"])
          .where("organization_id", "=", organizationId)
          .where(sql<boolean>`id = any(${boardIds}::uuid[])`)
          .execute(),
    jobIds.length === 0
      ? []
      : tx
          .selectFrom("jobs")
          .select(["id", "name"])
          .where("organization_id", "=", organizationId)
          .where(sql<boolean>`id = any(${jobIds}::uuid[])`)
          .execute(),
    tx
      .selectFrom("users")
      .select(["id", "first_name", "last_name"])
      .where(sql<boolean>`id = any(${peopleIds}::uuid[])`)
      .execute(),
    leaveTypeIds.length === 0
      ? []
      : tx
          .selectFrom("leave_types")
          .select(["id", "name"])
          .where("organization_id", "=", organizationId)
          .where(sql<boolean>`id = any(${leaveTypeIds}::uuid[])`)
          .execute(),
  ]);
  return {
    organization: organization.title,
    boards: new Map(boards.map((board) => [board.id, board])),
    jobs: new Map(jobs.map((job) => [job.id, job.name])),
    names: new Map(people.map((person) => [person.id, `${person.first_name} ${person.last_name}`.trim()])),
    leaveTypes: new Map(leaveTypes.map((type) => [type.id, type.name])),
  };
}

/** The outbox messages for these intents: one per reader reached (SMS, else verified email), in their language. */
export async function requestMessages(
  tx: Tx,
  organizationId: string,
  intents: readonly MessageIntent[],
  options: { publicUrl: string; smsCountries: readonly string[] },
): Promise<NewMessage[]> {
  if (intents.length === 0) return [];
  const recipients = new Map(
    (
      await activeRecipients(
        tx,
        organizationId,
        intents.flatMap((intent) => intent.to),
      )
    ).map((person) => [person.id, person]),
  );
  if (recipients.size === 0) return [];
  const lookups = await lookupsFor(tx, organizationId, intents);
  const messages: NewMessage[] = [];
  for (const intent of intents) {
    const link = `${options.publicUrl}${intent.audience === "manager" ? adminPaths.request : employeePaths.requests}`;
    for (const readerId of new Set(intent.to)) {
      const reader = recipients.get(readerId);
      if (!reader) continue;
      const destination = channelOf(reader, options.smsCountries);
      if (destination === null) continue;
      const lng = isLanguage(reader.language) ? reader.language : fallbackLanguage;
      const params = {
        organization: lookups.organization,
        name: reader.first_name,
        text: sentence(intent, readerId, lng, lookups),
        subject: messagePiece(lng, `requestSubject.${intent.text}`),
        link,
      };
      const key = destination.channel === "sms" ? "sms" : "email";
      messages.push({
        channel: destination.channel,
        to: destination.to,
        ...(key === "sms"
          ? { body: messagePiece(lng, "requestMessage.sms", params) }
          : {
              subject: messagePiece(lng, "requestMessage.emailSubject", params),
              body: messagePiece(lng, "requestMessage.emailBody", params),
            }),
        language: lng,
      });
    }
  }
  return messages;
}
