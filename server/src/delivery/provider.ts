/** The two ways a message reaches a person. */
export type Channel = "sms" | "email";

/** A claimed outbox message, as a provider sees it. */
export interface OutgoingMessage {
  id: string;
  channel: Channel;
  /** A phone in the API's form (international digits, no "+") or an email address. */
  to: string;
  subject: string | null;
  body: string;
  code: string | null;
  language: string;
}

/**
 * One way of sending (dev outbox, SMTP, Twilio). `deliver` resolves once the
 * provider has accepted the message and throws otherwise, with a
 * DeliveryError that says whether trying again may help. The signal aborts
 * a delivery when the worker stops.
 */
export interface Provider {
  readonly name: string;
  deliver(message: OutgoingMessage, signal: AbortSignal): Promise<void>;
}

/**
 * A failed delivery. Permanent: the provider refused this message for good
 * (bad number, rejected address) and retrying would only be refused again.
 * Otherwise (outage, rate limit, network), the worker retries later.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Any error from a provider as a DeliveryError; anything unexpected is worth another try. */
export function asDeliveryError(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  return new DeliveryError(error instanceof Error ? error.message : String(error), false);
}

/** "+96171123456" for a phone in the API's form, as providers and people write it. */
export function displayRecipient(message: Pick<OutgoingMessage, "channel" | "to">): string {
  return message.channel === "sms" && !message.to.startsWith("+") ? `+${message.to}` : message.to;
}
