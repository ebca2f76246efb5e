import type { Config } from "../config.ts";
import { devProvider } from "./dev-provider.ts";
import type { Channel, Provider } from "./provider.ts";
import { smtpProvider } from "./smtp-provider.ts";
import { twilioProvider } from "./twilio-provider.ts";

/** The provider of each channel; null: this server cannot send on it (production without it). */
export type Providers = Record<Channel, Provider | null>;

export interface ProviderOptions {
  /** Where the dev provider writes its line; default: stdout in development, nowhere in tests. */
  print?: ((line: string) => void) | null;
}

/**
 * Email goes over SMTP and SMS through Twilio when the environment configures
 * them. Otherwise, outside production, the dev outbox takes the message; in
 * production nothing does (the config guarantees at least one real provider),
 * and such a message fails at once rather than leaking its code to a console.
 */
export function createProviders(config: Pick<Config, "env" | "delivery">, options: ProviderOptions = {}): Providers {
  const print =
    options.print !== undefined
      ? options.print
      : config.env === "development"
        ? (line: string) => process.stdout.write(`${line}\n`)
        : null;
  const fallback = config.env === "production" ? null : devProvider(print);
  const { smtp, twilio } = config.delivery;
  return {
    email: smtp ? smtpProvider(smtp) : fallback,
    sms: twilio ? twilioProvider(twilio) : fallback,
  };
}

/** The channels a sign-in code can go out on (in production, only the configured ones). */
export function availableChannels(config: Pick<Config, "env" | "delivery">): Channel[] {
  if (config.env !== "production") return ["sms", "email"];
  const channels: Channel[] = [];
  if (config.delivery.twilio) channels.push("sms");
  if (config.delivery.smtp) channels.push("email");
  return channels;
}
