import type { ClockEvent } from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Database } from "../lib/db/database.ts";
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
export class TimeClockHub extends LiveHub<ClockSubscriber> {
  constructor(listen: Database["listen"] | undefined, log: FastifyBaseLogger, maxStreamsPerUser = 10) {
    super(listen, log, TIME_CLOCK_CHANNEL, "time clock", maxStreamsPerUser);
  }

  protected dispatch(payload: string): void {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload));
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, "ignored a malformed time clock notification");
      return;
    }
    const event: ClockEvent = parsed.refused ? { user_id: parsed.user_id, refused: true } : { user_id: parsed.user_id };
    for (const subscriber of this.subscribersOf(parsed.organization_id)) subscriber.send(event);
  }
}
