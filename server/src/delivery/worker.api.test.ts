import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { enqueue, newUsPhone, outboxRow, until, workerStarter } from "../../test/outbox.ts";
import {
  startSmsProvider,
  type TestSmsProvider,
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
} from "../../test/sms-provider.ts";
import { SMTP_USER, startSmtpServer, type TestSmtpServer } from "../../test/smtp.ts";
import type { DeliveryConfig } from "../config.ts";
import { enqueueMessage } from "./outbox.ts";
import { createProviders } from "./providers.ts";
import { renderMessage } from "./render.ts";
import type { DeliveryWorker } from "./worker.ts";

let smtp: TestSmtpServer;
let sms: TestSmsProvider;
let delivery: DeliveryConfig;

beforeAll(async () => {
  [smtp, sms] = await Promise.all([startSmtpServer(), startSmsProvider()]);
  delivery = {
    smtp: { url: smtp.url, from: "Workshift <no-reply@workshift.test>" },
    twilio: { apiUrl: sms.url, accountSid: TWILIO_SID, authToken: TWILIO_TOKEN, from: TWILIO_FROM },
    smsAllowedCountries: ["US"],
  };
});
afterAll(async () => {
  await Promise.all([smtp.close(), sms.close()]);
});

const workers: DeliveryWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  sms.answer = () => ({ status: 201, body: { sid: "SM1" } });
});

const newPhone = newUsPhone;
const newEmail = (prefix = "person") => `${prefix}-${randomUUID()}@workshift.test`;

const worker = workerStarter(() => delivery, workers);
const row = outboxRow;

const settled = async (id: string) =>
  until(async () => {
    const current = await row(id);
    return current.status === "sent" || current.status === "failed" ? current : null;
  }, "the message to be sent or given up");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const smsTo = (phone: string) => sms.requests.filter((request) => request.form.To === `+${phone}`);
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe("email over SMTP", () => {
  it("delivers a message queued in a committed transaction to a real SMTP server", async () => {
    const to = newEmail();
    const text = renderMessage("otp", "fr", { code: "0427", minutes: 5 });
    const id = await enqueue({ channel: "email", to, ...text.email, code: "0427", language: "fr" });
    await worker([to]);

    expect((await settled(id)).status).toBe("sent");
    const [mail, ...more] = mailTo(to);
    expect(more).toEqual([]);
    expect(mail?.from).toBe("no-reply@workshift.test");
    expect(mail?.to).toEqual([to]);
    expect(mail?.user).toBe(SMTP_USER);
    expect(mail?.subject).toBe("Votre code de connexion Workshift");
    expect(mail?.text).toBe(text.email.body);
    expect(mail?.text).toContain("Votre code de connexion Workshift est 0427. Il expire dans 5 minutes.");
    const sent = await row(id);
    expect(sent).toMatchObject({ attempts: 1, last_error: null, code: "0427", claimed_until: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
  });

  it("gives up at once on an address the server refuses (550)", async () => {
    const to = newEmail("reject");
    const id = await enqueue({ channel: "email", to, subject: "Hi", body: "Hello", language: "en" });
    await worker([to]);
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.last_error).toMatch(/^SMTP: .*550/);
  });

  it("retries while the SMTP server cannot be reached", async () => {
    const to = newEmail();
    const id = await enqueue({ channel: "email", to, subject: "Hi", body: "Hello", language: "en" });
    const down = { ...delivery, smtp: { url: "smtp://127.0.0.1:1", from: "no-reply@workshift.test" } };
    const { db } = await testDatabase();
    await worker([to], { providers: createProviders({ env: "test", delivery: down }), retryDelaysMs: [60_000] });
    const waiting = await until(async () => {
      const current = await row(id);
      return current.status === "pending" && current.attempts === 1 ? current : null;
    }, "a retry to be scheduled");
    expect(waiting.last_error).toMatch(/^SMTP: .*ECONNREFUSED/);
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await db.deleteFrom("outbox_messages").where("id", "=", id).execute();
  });
});

describe("SMS through the Twilio API", () => {
  it("posts the message to the Messages endpoint with basic auth", async () => {
    const phone = newPhone();
    const text = renderMessage("otp", "ar", { code: "0427", minutes: 5 });
    const id = await enqueue({ channel: "sms", to: `+${phone}`, ...text.sms, code: "0427", language: "ar" });
    await worker([phone]);

    expect((await settled(id)).status).toBe("sent");
    const [request, ...more] = smsTo(phone);
    expect(more).toEqual([]);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`);
    expect(request?.contentType).toBe("application/x-www-form-urlencoded");
    expect(request?.form).toEqual({ To: `+${phone}`, From: TWILIO_FROM, Body: text.sms.body });
  });

  it("retries through an outage (503, 429) and delivers exactly once", async () => {
    const phone = newPhone();
    let answered = 0;
    sms.answer = () => {
      answered += 1;
      if (answered <= 2) return { status: 503, body: { message: "Service Unavailable" } };
      if (answered === 3) return { status: 429, body: { code: 20429, message: "Too Many Requests" } };
      return { status: 201, body: { sid: "SM1" } };
    };
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", code: "1234", language: "en" });
    await worker([phone]);

    expect(await settled(id)).toMatchObject({ status: "sent", attempts: 4, last_error: null });
    await pause(150); // several polls: nothing more goes out
    expect(smsTo(phone)).toHaveLength(4);
  });

  it("gives up at once when Twilio refuses the message (400)", async () => {
    const phone = newPhone();
    sms.answer = () => ({ status: 400, body: { code: 21211, message: "Invalid 'To' Phone Number" } });
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    await worker([phone]);

    const failed = await settled(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.last_error).toBe("Twilio answered 400: 21211 Invalid 'To' Phone Number");
    await pause(150);
    expect(smsTo(phone)).toHaveLength(1);
  });

  it("gives up after the last attempt of a long outage", async () => {
    const phone = newPhone();
    sms.answer = () => ({ status: 500 });
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    await worker([phone], { maxAttempts: 3 });

    expect(await settled(id)).toMatchObject({ status: "failed", attempts: 3, last_error: "Twilio answered 500" });
    await pause(150);
    expect(smsTo(phone)).toHaveLength(3);
  });
});

describe("nothing lost, nothing doubled", () => {
  it("never sends a message whose transaction rolled back", async () => {
    const to = newEmail();
    const { db } = await testDatabase();
    await expect(
      db.transaction().execute(async (tx) => {
        await enqueueMessage(tx, { channel: "email", to, subject: "Hi", body: "Hello", code: "9999", language: "en" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await worker([to]);
    await pause(150);
    expect(mailTo(to)).toEqual([]);
    expect(await db.selectFrom("outbox_messages").select("id").where("recipient", "=", to).execute()).toEqual([]);
  });

  it("finishes the delivery in flight when stopped, and the next worker sends nothing again", async () => {
    const phone = newPhone();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    sms.answer = async () => {
      await released;
      return { status: 201, body: { sid: "SM1" } };
    };
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    const first = await worker([phone]);
    await until(() => smsTo(phone).length === 1, "the request to reach the provider");

    let stopped = false;
    const stopping = first.stop().then(() => {
      stopped = true;
    });
    await pause(50);
    expect(stopped).toBe(false); // waits for the batch in flight
    release();
    await stopping;
    expect((await row(id)).status).toBe("sent");

    await worker([phone]);
    await pause(150);
    expect(smsTo(phone)).toHaveLength(1);
  });

  it("retries a delivery that a stop cut short", async () => {
    const phone = newPhone();
    sms.answer = () => new Promise(() => {}); // never answers
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    const first = await worker([phone], { stopGraceMs: 100 });
    await until(() => smsTo(phone).length === 1, "the request to reach the provider");
    await first.stop();
    const interrupted = await row(id);
    expect(interrupted).toMatchObject({ status: "pending", attempts: 1 });
    expect(interrupted.last_error).toMatch(/stopping/);

    sms.answer = () => ({ status: 201, body: { sid: "SM1" } });
    await worker([phone]);
    expect(await settled(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("takes over a message whose worker died mid-delivery once its claim runs out", async () => {
    const phone = newPhone();
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    const { db } = await testDatabase();
    // What a crashed worker leaves: claimed, never finished, claim now over.
    await db
      .updateTable("outbox_messages")
      .set({ status: "sending", attempts: 1, claimed_until: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    await worker([phone]);
    expect(await settled(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(smsTo(phone)).toHaveLength(1);
  });

  it("leaves a message another worker still holds alone", async () => {
    const phone = newPhone();
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    const { db } = await testDatabase();
    await db
      .updateTable("outbox_messages")
      .set({ status: "sending", attempts: 1, claimed_until: new Date(Date.now() + 60_000) })
      .where("id", "=", id)
      .execute();
    await worker([phone]);
    await pause(150);
    expect(smsTo(phone)).toEqual([]);
    expect((await row(id)).status).toBe("sending");
    await db.deleteFrom("outbox_messages").where("id", "=", id).execute();
  });

  it("shares a backlog between workers: each message goes out once", async () => {
    const phones = Array.from({ length: 12 }, newPhone);
    const ids = await Promise.all(
      phones.map((phone) => enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" })),
    );
    await Promise.all([
      worker(phones, { batchSize: 2 }),
      worker(phones, { batchSize: 2 }),
      worker(phones, { batchSize: 2 }),
    ]);
    for (const id of ids) expect((await settled(id)).status).toBe("sent");
    for (const phone of phones) expect(smsTo(phone)).toHaveLength(1);
  });

  it("sends at once when woken rather than at the next poll", async () => {
    const phone = newPhone();
    const awake = await worker([phone], { pollMs: 60_000 });
    await pause(50); // the first look, at start, found nothing
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 1234.", language: "en" });
    awake.wake();
    expect((await settled(id)).status).toBe("sent");
  });
});

describe("development and production", () => {
  it("keeps the message in development and prints its code on the console", async () => {
    const phone = newPhone();
    const lines: string[] = [];
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 0427.", code: "0427", language: "en" });
    await worker([phone], {
      providers: createProviders(
        { env: "development", delivery: { ...delivery, smtp: null, twilio: null } },
        { print: (line) => lines.push(line) },
      ),
    });
    expect(await settled(id)).toMatchObject({ status: "sent", body: "Your code is 0427.", code: "0427" });
    expect(lines).toEqual([`[dev outbox] sms to +${phone}: code 0427`]);
    expect(smsTo(phone)).toEqual([]);
  });

  it("clears the body and code once sent in production", async () => {
    const phone = newPhone();
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 0427.", code: "0427", language: "en" });
    await worker([phone], {
      providers: createProviders({ env: "production", delivery }),
      scrub: true,
    });
    expect(await settled(id)).toMatchObject({ status: "sent", body: null, code: null });
    expect(smsTo(phone)[0]?.form.Body).toBe("Your code is 0427.");
  });

  it("fails a message for a channel production has no provider for, without printing it", async () => {
    const phone = newPhone();
    const id = await enqueue({ channel: "sms", to: phone, body: "Your code is 0427.", code: "0427", language: "en" });
    await worker([phone], {
      providers: createProviders({ env: "production", delivery: { ...delivery, twilio: null } }),
      scrub: true,
    });
    expect(await settled(id)).toMatchObject({
      status: "failed",
      body: null,
      code: null,
      last_error: "no sms provider is configured",
    });
  });
});
