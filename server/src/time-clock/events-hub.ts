import type { ClockEvent } from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Database } from "../lib/db/database.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import { type HubSubscriber, LiveHub } from "../lib/live/live-hub.ts";
import { TIME_CLOCK_CHANNEL } from "./announce.ts";

const notificationSchema = z.object({
  organization_id: z.string().uuid(),
  user_id: z.string().uuid(),
  refused: z.boolean().optional(),
});

export interface ClockSubscriber extends HubSubscriber {
  send(event: ClockEvent): void;
}

/**
 * The process's one fan-out of time clock changes: each goes to every open
 * time clock view of its organization (those who may see it see everyone's
 * time; a view not showing that person just reloads for nothing).
 */
export class TimeClockHub extends LiveHub<ClockSubscriber, z.infer<typeof notificationSchema>> {
  protected readonly notification = notificationSchema;

  constructor(listen: Database["listen"] | undefined, log: FastifyBaseLogger, maxStreamsPerUser = 10) {
    super(listen, log, TIME_CLOCK_CHANNEL, "time clock", maxStreamsPerUser);
  }

  protected dispatch(note: z.infer<typeof notificationSchema>): void {
    // Sent past any schema: named here by the person's id in the organization.
    const user_id = personIdOf(note.organization_id, note.user_id);
    const event: ClockEvent = note.refused ? { user_id, refused: true } : { user_id };
    for (const subscriber of this.subscribersOf(note.organization_id)) subscriber.send(event);
  }
}
