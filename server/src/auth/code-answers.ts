import { phoneCountry } from "@workshift/contracts";
import type { FastifyReply } from "fastify";
import { refuse } from "../lib/http/errors.ts";
import type { Destination } from "./codes.ts";
import type { CodeMessenger } from "./messenger.ts";
import type { SendResult } from "./otp.ts";

/** 400 when a code would go by SMS to a country this server does not send to. */
export function assertCodeCountry(destination: Destination, smsCountries: readonly string[]): void {
  if (destination.kind === "phone" && !smsCountries.includes(phoneCountry(destination.value) ?? "")) {
    throw refuse("sms_country_not_allowed", "Codes cannot be sent by SMS to this country", {
      phone: "phone.countryNotAllowed",
    });
  }
}

/**
 * The answer to a request for a code, once sendCode has decided. A locked
 * destination answers like any other (nothing is sent): a 429 would tell
 * that someone has been guessing its codes. Sending limits still answer 429
 * with Retry-After, so a person knows to wait. A code that went out leaves
 * now rather than at the next poll.
 */
export function codeSentAnswer(reply: FastifyReply, result: SendResult, messenger: CodeMessenger) {
  if (!result.sent && result.reason === "locked") return { detail: "sent" as const };
  if (!result.sent) {
    reply.header("retry-after", String(result.retryAfterSeconds));
    throw refuse("rate_limited", `Too many codes; try again in ${result.retryAfterSeconds} seconds`);
  }
  messenger.wake();
  return { detail: "sent" as const };
}
