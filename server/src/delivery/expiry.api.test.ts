import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newPhone as newLebanesePhone, requestCode } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { enqueue, newUsPhone, outboxRow, until, workerStarter } from "../../test/outbox.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  startSmsProvider,
  type TestSmsProvider,
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
} from "../../test/sms-provider.ts";
import { destinationKey } from "../auth/codes.ts";
import { CODE_TTL_MINUTES } from "../auth/limits.ts";
import type { DeliveryConfig } from "../config.ts";
import type { DeliveryWorker } from "./worker.ts";

let sms: TestSmsProvider;
let delivery: DeliveryConfig;
let server: TestServer;

beforeAll(async () => {
  [sms, server] = await Promise.all([startSmsProvider(), startTestServer()]);
  delivery = {
    smtp: null,
    twilio: { apiUrl: sms.url, accountSid: TWILIO_SID, authToken: TWILIO_TOKEN, from: TWILIO_FROM },
    smsAllowedCountries: ["US"],
  };
});
afterAll(async () => {
  await Promise.all([sms.close(), server.close()]);
});

const workers: DeliveryWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  sms.answer = () => ({ status: 201, body: { sid: "SM1" } });
});

const newPhone = newUsPhone;

const worker = workerStarter(() => delivery, workers);
const row = outboxRow;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const smsTo = (phone: string) => sms.requests.filter((request) => request.form.To === `+${phone}`);

describe("code messages that outlive their code", () => {
  it("carry the code's expiry from the moment the code is made", async () => {
    const phone = newLebanesePhone();
    expect((await requestCode(server, { phone })).status).toBe(200);
    const { db } = await testDatabase();
    const challenge = await db
      .selectFrom("otp_challenges")
      .select(["expires_at", "created_at"])
      .where("destination", "=", destinationKey({ kind: "phone", value: phone }))
      .executeTakeFirstOrThrow();
    const message = await db
      .selectFrom("outbox_messages")
      .select("expires_at")
      .where("recipient", "=", phone)
      .executeTakeFirstOrThrow();
    expect(message.expires_at?.getTime()).toBe(challenge.expires_at.getTime());
    expect(challenge.expires_at.getTime() - challenge.created_at.getTime()).toBe(CODE_TTL_MINUTES * 60_000);
  });

  it("are dropped as expired instead of being retried after the code expired", async () => {
    const phone = newPhone();
    sms.answer = () => ({ status: 503, body: { message: "Service Unavailable" } });
    const id = await enqueue({
      channel: "sms",
      to: phone,
      body: "Your code is 1234.",
      code: "1234",
      language: "en",
      expiresAt: new Date(Date.now() + 400),
    });
    // The retry comes due only after the code has expired.
    await worker([phone], { retryDelaysMs: [600] });
    await until(() => smsTo(phone).length === 1, "the first attempt");
    sms.answer = () => ({ status: 201, body: { sid: "SM1" } });

    const dropped = await until(async () => {
      const current = await row(id);
      return current.status === "expired" ? current : null;
    }, "the message to be dropped as expired");
    expect(dropped).toMatchObject({ attempts: 1, last_error: "expired before delivery", sent_at: null });
    await pause(150);
    expect(smsTo(phone)).toHaveLength(1);
    expect((await row(id)).status).toBe("expired");
  });

  it("never reach the provider when already expired, and lose their code in production", async () => {
    const phone = newPhone();
    const id = await enqueue({
      channel: "sms",
      to: phone,
      body: "Your code is 5678.",
      code: "5678",
      language: "en",
      expiresAt: new Date(Date.now() - 1000),
    });
    await worker([phone], { scrub: true });
    const dropped = await until(async () => {
      const current = await row(id);
      return current.status === "expired" ? current : null;
    }, "the message to be dropped as expired");
    expect(dropped).toMatchObject({ attempts: 0, body: null, code: null });
    await pause(100);
    expect(smsTo(phone)).toEqual([]);
  });

  it("are still sent while the code lives, and messages without an expiry never expire", async () => {
    const live = newPhone();
    const timeless = newPhone();
    const liveId = await enqueue({
      channel: "sms",
      to: live,
      body: "Your code is 4321.",
      language: "en",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const timelessId = await enqueue({ channel: "sms", to: timeless, body: "Hello.", language: "en" });
    const { db } = await testDatabase();
    // A message queued long ago with no expiry (say, a notice) is still delivered.
    await db
      .updateTable("outbox_messages")
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where("id", "=", timelessId)
      .execute();
    await worker([live, timeless]);
    for (const id of [liveId, timelessId]) {
      const sent = await until(async () => {
        const current = await row(id);
        return current.status === "sent" ? current : null;
      }, "the message to be sent");
      expect(sent.attempts).toBe(1);
    }
  });
});
