import { type ScheduleEvent, scheduleEventSchema } from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Database } from "../lib/db/database.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import { type HubSubscriber, LiveHub } from "../lib/live/live-hub.ts";
import { SCHEDULE_CHANNEL } from "./announce.ts";

export { TooManyStreamsError } from "../lib/live/live-hub.ts";

/** What travels through NOTIFY: the event, its organization, and whether it concerns every board (too many to list). */
const notificationSchema = scheduleEventSchema.extend({
  organization_id: z.string().uuid(),
  every_board: z.boolean().optional(),
});

/** One open board stream: whose it is, which boards it follows, and how to reach it. */
export interface EventSubscriber extends HubSubscriber {
  /** "all", or the ids of the boards the stream follows. */
  boards: "all" | ReadonlySet<string>;
  send(event: ScheduleEvent): void;
}

/**
 * The process's one fan-out of schedule changes: each notification goes to
 * the open streams of its organization whose boards it names.
 */
export class ScheduleEventHub extends LiveHub<EventSubscriber, z.infer<typeof notificationSchema>> {
  protected readonly notification = notificationSchema;

  constructor(listen: Database["listen"] | undefined, log: FastifyBaseLogger, maxStreamsPerUser = 10) {
    super(listen, log, SCHEDULE_CHANNEL, "schedule", maxStreamsPerUser);
  }

  protected dispatch(note: z.infer<typeof notificationSchema>): void {
    const { organization_id: organizationId, every_board: everyBoard, ...change } = note;
    // Sent past any schema: the author named by their person id in the organization.
    const event: ScheduleEvent = { ...change, actor_id: personIdOf(organizationId, change.actor_id) };
    for (const subscriber of this.subscribersOf(organizationId)) {
      const boards = subscriber.boards;
      if (everyBoard || boards === "all" || event.board_ids.some((id) => boards.has(id))) subscriber.send(event);
    }
  }
}
