import {
  type MyEvent,
  type RequestEvent,
  type RequestKind,
  requestKinds,
  scheduleEventSchema,
} from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Database } from "../lib/db/database.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import { type HubSubscriber, LiveHub } from "../lib/live/live-hub.ts";
import { SCHEDULE_CHANNEL } from "../schedule/announce.ts";
import { REQUESTS_CHANNEL, type RequestNote } from "./announce.ts";

export { TooManyStreamsError } from "../lib/live/live-hub.ts";

/** What travels through NOTIFY on the requests channel (announce.ts' RequestNote). */
const notificationSchema = z.object({
  organization_id: z.string().uuid(),
  request_ids: z.array(z.string().uuid()),
  kinds: z.array(z.enum(requestKinds)),
  user_ids: z.array(z.string().uuid()),
  actor_id: z.string().uuid().nullable(),
}) satisfies z.ZodType<RequestNote>;

/** What the hub reads of a schedule notification: whose, and what happened. */
const scheduleNoteSchema = z.object({
  organization_id: z.string().uuid(),
  kind: scheduleEventSchema.shape.kind,
});

/** An event as a stream sends it: `event: requests` (RequestEvent) or `event: shifts` (MyEvent). */
export type RequestStreamEvent = { event: "requests"; data: RequestEvent } | { event: "shifts"; data: MyEvent };

/** One open stream: an inbox (the kinds its manager decides) or someone's /my, and how to reach it. */
export interface RequestSubscriber extends HubSubscriber {
  follows: { inbox: ReadonlySet<RequestKind> } | "me";
  send(event: RequestStreamEvent): void;
}

/**
 * The process's one fan-out of request changes, and of publishes for /my.
 * A request note goes to the inboxes of its organization whose manager
 * decides one of its kinds, and to the /my streams of the people it concerns
 * (all of the organization's when it names nobody: too many). A publish
 * (on the schedule's channel) goes to every /my stream of its organization:
 * open shifts may have appeared, an approval published someone's shift.
 */
export class RequestsHub extends LiveHub<RequestSubscriber, RequestNote> {
  protected readonly notification = notificationSchema;

  constructor(listen: Database["listen"] | undefined, log: FastifyBaseLogger, maxStreamsPerUser = 10) {
    super(listen, log, REQUESTS_CHANNEL, "requests", maxStreamsPerUser);
  }

  protected override alsoHeard() {
    return [{ channel: SCHEDULE_CHANNEL, deliver: (payload: string) => this.deliverSchedule(payload) }];
  }

  protected dispatch(note: RequestNote): void {
    // Sent past any schema: the author named by their person id in the organization.
    const event: RequestStreamEvent = {
      event: "requests",
      data: {
        request_ids: note.request_ids,
        kinds: note.kinds,
        actor_id: note.actor_id === null ? null : personIdOf(note.organization_id, note.actor_id),
      },
    };
    const everyone = note.user_ids.length === 0;
    for (const subscriber of this.subscribersOf(note.organization_id)) {
      const follows = subscriber.follows;
      const wanted =
        follows === "me"
          ? everyone || note.user_ids.includes(subscriber.userId)
          : note.kinds.length === 0 || note.kinds.some((kind) => follows.inbox.has(kind));
      if (wanted) subscriber.send(event);
    }
  }

  /** A schedule notification: a publish tells every /my stream of its organization. */
  deliverSchedule(payload: string): void {
    let note: z.infer<typeof scheduleNoteSchema>;
    try {
      note = scheduleNoteSchema.parse(JSON.parse(payload));
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, "ignored a malformed schedule notification");
      return;
    }
    if (note.kind !== "published") return;
    const event: RequestStreamEvent = { event: "shifts", data: { what: "shifts" } };
    for (const subscriber of this.subscribersOf(note.organization_id)) {
      if (subscriber.follows === "me") subscriber.send(event);
    }
  }
}
