import type { OutboxMessage } from "@workshift/contracts";

/** Newest first by sent_at (ISO timestamps); unreadable dates go last, the rest keep their order. */
export function newestFirst(messages: readonly OutboxMessage[]): OutboxMessage[] {
  const time = (message: OutboxMessage) => {
    const value = Date.parse(message.sent_at);
    return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
  };
  return [...messages].sort((a, b) => time(b) - time(a));
}
