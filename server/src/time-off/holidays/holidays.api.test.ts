import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../test/auth.ts";
import { auditOf } from "../../../test/people.ts";
import { call, personSettings } from "../../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { setCountry, timeOffFootprint, timeOffTeam } from "../../../test/time-off-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface HolidayList {
  holidays: { id: string; day: string; name: string }[];
  country: string | null;
}

describe("public holidays", () => {
  it("load from the company's country in the reader's language, keeping the days already set", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setCountry(org, "FR");
    await personSettings(owner, { language: "fr" });
    const own = await call(server, owner, "POST", "/api/time-off/holidays", {
      day: "2026-07-14",
      name: "Fête du village",
    });
    expect(own.status).toBe(201);
    const loaded = await call(server, owner, "POST", "/api/time-off/holidays/load", { year: 2026 });
    expect(loaded.status).toBe(200);
    const body = loaded.json<HolidayList>();
    expect(body.country).toBe("FR");
    expect(body.holidays).toContainEqual(expect.objectContaining({ day: "2026-01-01", name: "Nouvel An" }));
    expect(body.holidays).toContainEqual(expect.objectContaining({ day: "2026-07-14", name: "Fête du village" }));
    expect(body.holidays.filter((holiday) => holiday.day === "2026-07-14")).toHaveLength(1);
    expect(body.holidays.map((holiday) => holiday.day)).toEqual([...body.holidays.map((h) => h.day)].sort());
    // Loading again adds nothing.
    const again = await call(server, owner, "POST", "/api/time-off/holidays/load", { year: 2026 });
    expect(again.json<HolidayList>().holidays).toHaveLength(body.holidays.length);
    expect(await auditOf(org, "holiday.load")).toHaveLength(1);
    const read = await call(server, owner, "GET", "/api/time-off/holidays?year=2026");
    expect(read.json<HolidayList>()).toEqual(body);
    expect((await call(server, owner, "GET", "/api/time-off/holidays?year=2027")).json<HolidayList>().holidays).toEqual(
      [],
    );
  });

  it("refuse loading without a country, or one the library does not know (422), writing nothing", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setCountry(org, null);
    const before = await timeOffFootprint(org);
    const none = await call(server, owner, "POST", "/api/time-off/holidays/load", { year: 2026 });
    expect(none.status).toBe(422);
    expect(none.json()).toMatchObject({ code: "time_off_no_holidays" });
    await setCountry(org, "ZZ");
    expect((await call(server, owner, "POST", "/api/time-off/holidays/load", { year: 2026 })).status).toBe(422);
    expect((await call(server, owner, "POST", "/api/time-off/holidays/load", { year: 1999 })).status).toBe(400);
    expect(await timeOffFootprint(org)).toEqual(before);
  });

  it("are renamed, moved and removed; a day taken twice is a conflict; another organization's is not found", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const first = (
      await call(server, owner, "POST", "/api/time-off/holidays", { day: "2026-05-01", name: "Labour Day" })
    ).json<{ holiday: { id: string } }>().holiday;
    await call(server, owner, "POST", "/api/time-off/holidays", { day: "2026-05-08", name: "Victory Day" });
    const renamed = await call(server, owner, "PATCH", `/api/time-off/holidays/${first.id}`, { name: "May Day" });
    expect(renamed.json()).toEqual({ holiday: { id: first.id, day: "2026-05-01", name: "May Day" } });
    const before = await timeOffFootprint(org);
    const clash = await call(server, owner, "PATCH", `/api/time-off/holidays/${first.id}`, { day: "2026-05-08" });
    expect(clash.status).toBe(409);
    expect(clash.json()).toMatchObject({ code: "time_off_name_taken", fields: { day: "timeOff.nameTaken" } });
    const twice = await call(server, owner, "POST", "/api/time-off/holidays", { day: "2026-05-08", name: "Again" });
    expect(twice.status).toBe(409);
    const other = await signUp(server);
    expect((await call(server, other, "PATCH", `/api/time-off/holidays/${first.id}`, { name: "Mine" })).status).toBe(
      404,
    );
    expect((await call(server, other, "DELETE", `/api/time-off/holidays/${first.id}`)).status).toBe(404);
    expect((await call(server, owner, "POST", "/api/time-off/holidays", { day: "2026-02-30", name: "X" })).status).toBe(
      400,
    );
    expect(await timeOffFootprint(org)).toEqual(before);
    expect((await call(server, owner, "DELETE", `/api/time-off/holidays/${first.id}`)).status).toBe(204);
    expect(await auditOf(org, "holiday.delete")).toHaveLength(1);
  });

  it("are read by managers and changed by owners only", async () => {
    const t = await timeOffTeam(server);
    await setCountry(t.org, "LB");
    const before = await timeOffFootprint(t.org);
    for (const who of [t.approver, t.supervisor]) {
      expect((await call(server, who, "GET", "/api/time-off/holidays")).status).toBe(200);
    }
    for (const who of [t.employee, t.admin]) {
      expect((await call(server, who, "GET", "/api/time-off/holidays")).status).toBe(403);
    }
    for (const who of [t.approver, t.supervisor, t.employee, t.admin]) {
      expect((await call(server, who, "POST", "/api/time-off/holidays", { day: "2026-01-02", name: "X" })).status).toBe(
        403,
      );
      expect((await call(server, who, "POST", "/api/time-off/holidays/load", { year: 2026 })).status).toBe(403);
    }
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });
});
