import type { OutgoingMessage, Provider } from "./provider.ts";
import { displayRecipient } from "./provider.ts";

/**
 * Development and tests: nothing leaves the machine. The message stays in the
 * outbox table (the dev outbox lists sent rows) and, in development, one line
 * with the code goes to the console so a developer can sign in without a phone.
 */
export function devProvider(print: ((line: string) => void) | null): Provider {
  return {
    name: "dev",
    async deliver(message: OutgoingMessage) {
      print?.(devOutboxLine(message));
    },
  };
}

export function devOutboxLine(message: OutgoingMessage): string {
  const what = message.code !== null ? `code ${message.code}` : (message.subject ?? message.body.split("\n")[0]);
  return `[dev outbox] ${message.channel} to ${displayRecipient(message)}: ${what}`;
}
