import { randomInt, randomUUID } from "node:crypto";
import { outboxResponseSchema } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { enqueueMessage } from "./outbox.ts";

describe("GET /api/dev/outbox", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("lists the messages of a recipient, newest first, with their codes", async () => {
    const phone = `1555${randomInt(1_000_000, 9_999_999)}`;
    const { db } = await testDatabase();
    for (const code of ["1111", "2222"]) {
      await db
        .transaction()
        .execute((tx) =>
          enqueueMessage(tx, { channel: "sms", to: phone, body: `Your code is ${code}.`, code, language: "en" }),
        );
    }
    // Sent messages are listed too (the dev provider marks them sent).
    await db
      .updateTable("outbox_messages")
      .set({ status: "sent", sent_at: new Date() })
      .where("code", "=", "1111")
      .where("recipient", "=", phone)
      .execute();

    const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(`+${phone}`)}`);
    expect(response.status).toBe(200);
    const { messages } = outboxResponseSchema.parse(response.json());
    expect(messages.map(({ to, channel, body, code }) => ({ to, channel, body, code }))).toEqual([
      { to: `+${phone}`, channel: "sms", body: "Your code is 2222.", code: "2222" },
      { to: `+${phone}`, channel: "sms", body: "Your code is 1111.", code: "1111" },
    ]);
    expect(Number.isNaN(Date.parse(messages[0]?.sent_at ?? ""))).toBe(false);

    // An unencoded "+" arrives as a space; the same person is meant.
    const plain = await server.request(`/api/dev/outbox?to=+${phone}`);
    expect(plain.json<{ messages: unknown[] }>().messages).toHaveLength(2);
  });

  it("lists emails with their codes, and every recipient without a filter", async () => {
    const to = `person-${randomUUID()}@workshift.test`;
    const { db } = await testDatabase();
    await enqueueMessage(db, {
      channel: "email",
      to,
      subject: "Code",
      body: "Your code is 3333.",
      code: "3333",
      language: "fr",
    });
    const mine = await server.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(mine.json()).toMatchObject({ messages: [{ to, channel: "email", code: "3333" }] });
    const all = await server.request("/api/dev/outbox");
    expect(all.status).toBe(200);
    expect(all.json<{ messages: unknown[] }>().messages.length).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/dev/outbox in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: "production" });
  });
  afterAll(() => server.close());

  it("does not exist", async () => {
    const response = await server.request("/api/dev/outbox");
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ error: "No route for GET /api/dev/outbox", code: "not_found" });
  });
});
