import { describe, expect, it } from "vitest";
import type { DeliveryConfig } from "../config.ts";
import { devOutboxLine } from "./dev-provider.ts";
import { DeliveryError, type OutgoingMessage } from "./provider.ts";
import { availableChannels, createProviders } from "./providers.ts";
import { twilioProvider } from "./twilio-provider.ts";

const none: DeliveryConfig = { smtp: null, twilio: null, smsAllowedCountries: ["LB"] };
const smtp = { url: "smtp://u:p@127.0.0.1:2525", from: "Workshift <no-reply@example.com>" };
const twilio = {
  apiUrl: "http://127.0.0.1:9",
  accountSid: `AC${"a".repeat(32)}`,
  authToken: "t",
  from: "+15005550006",
};

const sms: OutgoingMessage = {
  id: "m1",
  channel: "sms",
  to: "96171123456",
  subject: null,
  body: "Your Workshift code is 0427.",
  code: "0427",
  language: "en",
};

describe("createProviders", () => {
  it("sends everything to the dev outbox in development and tests", () => {
    const providers = createProviders({ env: "development", delivery: none }, { print: null });
    expect(providers.sms?.name).toBe("dev");
    expect(providers.email?.name).toBe("dev");
    expect(availableChannels({ env: "test", delivery: none })).toEqual(["sms", "email"]);
  });

  it("uses SMTP and Twilio when configured, in any environment", () => {
    const providers = createProviders({ env: "test", delivery: { ...none, smtp, twilio } });
    expect(providers.email?.name).toBe("smtp");
    expect(providers.sms?.name).toBe("twilio");
  });

  it("never falls back to the dev outbox in production", () => {
    const providers = createProviders({ env: "production", delivery: { ...none, smtp } });
    expect(providers.email?.name).toBe("smtp");
    expect(providers.sms).toBeNull();
    expect(availableChannels({ env: "production", delivery: { ...none, smtp } })).toEqual(["email"]);
  });
});

describe("the dev outbox line", () => {
  it("shows the recipient and the code", () => {
    expect(devOutboxLine(sms)).toBe("[dev outbox] sms to +96171123456: code 0427");
    expect(devOutboxLine({ ...sms, channel: "email", to: "a@example.com", subject: "Hello", code: null })).toBe(
      "[dev outbox] email to a@example.com: Hello",
    );
  });
});

describe("the Twilio provider", () => {
  const answering = (status: number, body: unknown = {}) =>
    (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
  const failure = async (fetchImpl: typeof fetch) =>
    twilioProvider(twilio, fetchImpl)
      .deliver(sms, new AbortController().signal)
      .then(
        () => null,
        (error: DeliveryError) => error,
      );

  it("resolves when Twilio accepts the message", async () => {
    expect(await failure(answering(201))).toBeNull();
  });

  it.each([400, 401, 404])("treats %i as a permanent refusal", async (status) => {
    const error = await failure(answering(status, { code: 21211, message: "Invalid 'To' Phone Number" }));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error?.permanent).toBe(true);
    expect(error?.message).toBe(`Twilio answered ${status}: 21211 Invalid 'To' Phone Number`);
  });

  it.each([429, 500, 503])("retries after %i", async (status) => {
    expect((await failure(answering(status)))?.permanent).toBe(false);
  });

  it("retries when Twilio cannot be reached", async () => {
    const unreachable = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const error = await failure(unreachable);
    expect(error?.permanent).toBe(false);
    expect(error?.message).toMatch(/unreachable/);
  });
});
