import type { PublishResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newEmail, signUp } from "../../test/auth.ts";
import { boardMembers, personJobs } from "../../test/board-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, outboxTo, personIn, shiftIn } from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight UTC of today, `days` later, plus `hours`: ahead whatever the hour the test runs. */
const at = (days: number, hours = 0) => {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return new Date(midnight.getTime() + days * DAY + hours * HOUR).toISOString();
};
const publish = (token: string, ids: string[]) =>
  server.request("/api/schedule/publish", { method: "POST", headers: bearer(token), json: { ids } });
const OPEN_SHIFTS_LINK = "http://localhost:3000/my/shifts";

describe("telling people of new open shifts when a publish makes them visible", () => {
  it("tells each active member who may take one and is free, once, in their language; merged with their own changes", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris" });
    const bar = await jobIn(org, { name: "Bar" });
    const kitchen = await jobIn(org, { name: "Kitchen" });
    const amal = await personIn(org, { firstName: "Amal", language: "en" });
    const bilal = await personIn(org, {
      firstName: "Bilal",
      language: "fr",
      phone: null,
      email: newEmail(),
      emailVerified: true,
    });
    const carla = await personIn(org, { firstName: "Carla", language: "ar" });
    const dani = await personIn(org, { firstName: "Dani", language: "es" });
    const elie = await personIn(org, { firstName: "Elie" });
    const invitee = await personIn(org, { status: "invited" });
    const archived = await personIn(org, { status: "archived" });
    for (const person of [amal, bilal, carla, invitee, archived]) await personJobs(org, person.id, [bar]);
    await personJobs(org, elie.id, [kitchen]);
    await personJobs(org, owner.user.id, [bar]);
    await boardMembers(org, board, [dani.id]);

    // New open shifts: two of the Bar, one without a job (for the board's members).
    const barOne = await shiftIn(org, board, { job: bar, starts: at(2, 8), ends: at(2, 16) });
    const barTwo = await shiftIn(org, board, { job: bar, starts: at(3, 8), ends: at(3, 16) });
    const boardOnly = await shiftIn(org, board, { starts: at(4, 8), ends: at(4, 16) });
    // Told to nobody: started already, too far ahead, an open shift already published that only moved.
    const started = await shiftIn(org, board, {
      job: bar,
      starts: new Date(Date.now() - HOUR).toISOString(),
      ends: new Date(Date.now() + HOUR).toISOString(),
    });
    const farAhead = await shiftIn(org, board, { job: bar, starts: at(70, 8), ends: at(70, 16) });
    const moved = await shiftIn(org, board, {
      job: bar,
      starts: at(5, 9),
      ends: at(5, 16),
      published: { starts: at(5, 8) },
    });
    // Bilal gets a shift of his own in the same publish; Carla works during the first Bar shift.
    const bilals = await shiftIn(org, board, { user: bilal.id, job: bar, starts: at(6, 8), ends: at(6, 16) });
    await shiftIn(org, board, { user: carla.id, starts: at(2, 12), ends: at(2, 18), published: true });

    const response = await publish(owner.access, [barOne, barTwo, boardOnly, started, farAhead, moved, bilals]);
    expect(response.status, response.text).toBe(200);
    expect(response.json<PublishResponse>()).toMatchObject({ published: 7, notified: 4 });

    const [toAmal, toBilal, toCarla, toDani] = await Promise.all(
      [amal.phone, bilal.email, carla.phone, dani.phone].map((to) => outboxTo([to])),
    );
    expect(toAmal).toHaveLength(1);
    expect(toAmal?.[0]).toMatchObject({ channel: "sms", language: "en" });
    expect(toAmal?.[0]?.body).toMatch(
      /: 2 open shifts you can claim\. Open: .+ \(Bar\); Open: .+ \(Bar\)\. Claim one: /,
    );
    expect(toAmal?.[0]?.body).toContain(OPEN_SHIFTS_LINK);
    // As a developer reads it in the dev outbox.
    const devOutbox = await server.request(`/api/dev/outbox?to=${encodeURIComponent(`+${amal.phone}`)}`);
    expect(devOutbox.json<{ messages: { body: string }[] }>().messages.map((message) => message.body)).toEqual([
      toAmal?.[0]?.body,
    ]);

    // One message for Bilal: his new shift, and the open shifts as one more line.
    expect(toBilal).toHaveLength(1);
    expect(toBilal?.[0]).toMatchObject({
      channel: "email",
      language: "fr",
      subject: expect.stringContaining("planning"),
    });
    expect(toBilal?.[0]?.body).toContain("1 nouveau créneau");
    expect(toBilal?.[0]?.body).toContain(`Et 2 créneaux libres que vous pouvez prendre : ${OPEN_SHIFTS_LINK}`);

    expect(toCarla).toHaveLength(1);
    expect(toCarla?.[0]).toMatchObject({ language: "ar" });
    expect(toCarla?.[0]?.body).toContain("وردية مفتوحة واحدة يمكنك طلبها");
    expect(toDani).toHaveLength(1);
    expect(toDani?.[0]?.body).toContain("1 turno libre que puedes pedir");
    expect(toDani?.[0]?.body).toContain("(Downtown)");
    // Not Elie (not on the Bar), the invited or archived, nor the owner who published.
    expect(await outboxTo([elie.phone, invitee.phone, archived.phone])).toEqual([]);
    const toOwner = await outboxTo([owner.phone, `+${owner.phone}`]);
    expect(toOwner.filter((message) => message.body?.includes("open shift"))).toEqual([]);

    // Nothing left to publish: nobody is told again.
    expect((await publish(owner.access, [barOne, barTwo])).json<PublishResponse>()).toMatchObject({ notified: 0 });
    expect(await outboxTo([amal.phone])).toHaveLength(1);
  });

  it("tells of a shift published as open once its person is taken off, but not that person", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "Asia/Beirut" });
    const bar = await jobIn(org, { name: "Bar" });
    const amal = await personIn(org, { language: "en" });
    const bilal = await personIn(org, { language: "en" });
    await personJobs(org, amal.id, [bar]);
    await personJobs(org, bilal.id, [bar]);
    const freed = await shiftIn(org, board, {
      job: bar,
      starts: at(3, 8),
      ends: at(3, 16),
      published: { user: bilal.id },
    });
    const response = await publish(owner.access, [freed]);
    expect(response.json<PublishResponse>()).toMatchObject({ published: 1, notified: 2 });
    const [toAmal, toBilal] = await Promise.all([outboxTo([amal.phone]), outboxTo([bilal.phone])]);
    expect(toAmal?.[0]?.body).toContain("1 open shift you can claim");
    // Bilal was taken off it: he is told it was removed, not offered it back.
    expect(toBilal).toHaveLength(1);
    expect(toBilal?.[0]?.body).toContain("1 shift removed");
    expect(toBilal?.[0]?.body).not.toContain("open shift");
  });
});
