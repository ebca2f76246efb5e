import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, personIn, shiftIn } from "../../test/shift-fixtures.ts";
import { weekFrom } from "../../test/week.ts";
import { type Tx, withOrganization } from "../lib/db/tenancy.ts";
import { clearWeekCache, lastWeekRead } from "./week-cache.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ids = (list: { id: string }[]) => list.map((item) => item.id);

/** Beirut, weeks from Monday: the week of 2026-06-09 runs from Monday 2026-06-08 (21:00Z the day before). */
async function busyWeek() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { zone: "Asia/Beirut", weekStart: 1 });
  const people = [await personIn(org), await personIn(org), await personIn(org)];
  const at = (day: number, hour: number) =>
    `2026-06-${String(8 + day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00Z`;
  const made: string[] = [];
  for (const [n, person] of people.entries()) {
    for (let day = 0; day < 5; day++) {
      made.push(await shiftIn(org, board, { user: person.id, starts: at(day, 5 + n), ends: at(day, 9 + n) }));
    }
  }
  const read = async () => {
    const response = await server.request(`/api/schedule/boards/${board}/week?date=2026-06-09`, {
      headers: bearer(owner.access),
    });
    expect(response.status).toBe(200);
    return weekFrom(response);
  };
  const { db } = await testDatabase();
  // Written straight to the database, as another server instance would.
  const elsewhere = (change: (tx: Tx) => Promise<unknown>) => withOrganization(db, org, change);
  return { org, board, people, made, read, elsewhere };
}

describe("a kept week", () => {
  it("is brought up to date from the rows written since, and is then the week read afresh", async () => {
    const { org, board, people, made, read, elsewhere } = await busyWeek();
    await read();
    await read();
    expect(lastWeekRead()).toBe("kept");

    // Moved to the week's first hours (its place in the order changes), removed, renamed, and one added.
    const moved = made[7] as string;
    const removed = made[3] as string;
    await elsewhere((tx) =>
      tx
        .updateTable("shifts")
        .set({ starts_at: "2026-06-07T22:00:00Z", ends_at: "2026-06-07T23:00:00Z" })
        .where("id", "=", moved)
        .execute(),
    );
    await elsewhere((tx) => tx.deleteFrom("shifts").where("id", "=", removed).execute());
    await elsewhere((tx) =>
      tx
        .updateTable("shifts")
        .set({ note: "Bring the keys" })
        .where("id", "=", made[10] as string)
        .execute(),
    );
    const added = await shiftIn(org, board, {
      user: people[0]?.id,
      starts: "2026-06-13T05:00:00Z",
      ends: "2026-06-13T09:00:00Z",
    });

    const brought = await read();
    expect(lastWeekRead()).toBe("brought up to date");
    expect(ids(brought.shifts)[0]).toBe(moved);
    expect(ids(brought.shifts)).toContain(added);
    expect(ids(brought.shifts)).not.toContain(removed);
    expect(brought.shifts.find((shift) => shift.id === made[10])?.note).toBe("Bring the keys");

    clearWeekCache();
    const afresh = await read();
    expect(lastWeekRead()).toBe("read");
    expect(brought.shifts).toEqual(afresh.shifts);
    expect(brought.people).toEqual(afresh.people);
  });

  it("is brought up to date when a shift leaves the week, and when everything left it", async () => {
    const { made, read, elsewhere } = await busyWeek();
    await read();
    const leaving = made[0] as string;
    await elsewhere((tx) =>
      tx
        .updateTable("shifts")
        .set({ starts_at: "2026-06-20T05:00:00Z", ends_at: "2026-06-20T09:00:00Z" })
        .where("id", "=", leaving)
        .execute(),
    );
    const brought = await read();
    expect(lastWeekRead()).toBe("brought up to date");
    expect(ids(brought.shifts)).not.toContain(leaving);
    expect(brought.shifts).toHaveLength(made.length - 1);

    await elsewhere((tx) => tx.deleteFrom("shifts").execute());
    expect((await read()).shifts).toEqual([]);
    expect(lastWeekRead()).toBe("brought up to date");
  });
});
