import { createTransport } from "nodemailer";
import type { DeliveryConfig } from "../config.ts";
import { DeliveryError, type OutgoingMessage, type Provider } from "./provider.ts";

type SmtpConfig = NonNullable<DeliveryConfig["smtp"]>;

/** Enough for a slow server, short of the worker's claim and the 10 s shutdown grace. */
const TIMEOUT_MS = 8_000;

/**
 * Email over SMTP (nodemailer, SMTP_URL and SMTP_FROM). A 5xx reply is the
 * server refusing this message for good; 4xx replies, connection failures and
 * timeouts are tried again.
 */
export function smtpProvider(config: SmtpConfig): Provider {
  const transport = createTransport(
    {
      url: config.url,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
      dnsTimeout: TIMEOUT_MS,
    },
    { from: config.from },
  );
  return {
    name: "smtp",
    async deliver(message: OutgoingMessage, signal: AbortSignal) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject ?? "", text: message.body, signal });
      } catch (error) {
        const failure = error as { message?: string; permanent?: boolean; code?: string };
        throw new DeliveryError(
          `SMTP: ${failure.message ?? String(error)}`,
          failure.permanent === true || failure.code === "EENVELOPE",
        );
      }
    },
  };
}
