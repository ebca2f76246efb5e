import type { Person } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newPhone, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { footprint, invite, invited } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

// A server whose organizations may send 3 links an hour and 4 a day (the real budget is far higher).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ invitationBudget: { perHour: 3, perDay: 4 } });
});
afterAll(() => server.close());

const doImport = (token: string, phones: string[]) =>
  server.request("/api/people/import", {
    method: "POST",
    headers: bearer(token),
    json: { csv: `first_name,last_name,phone\n${phones.map((phone, i) => `P${i},Imported,+${phone}`).join("\n")}\n` },
  });
const resend = (token: string, id: string) =>
  server.request(`/api/people/${id}/invitation/resend`, { method: "POST", headers: bearer(token) });

async function age(organizationId: string, seconds: number) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    sql`update invitations set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})
        where organization_id = ${organizationId}`.execute(tx),
  );
}

describe("the organization's sending budget for invitations", () => {
  it("counts invites, imports and resends; refuses (429 with Retry-After) what would go over, sending nothing", async () => {
    const owner = await signUp(server);
    const first = await invited(server, owner.access);
    await invited(server, owner.access);

    // Two more would make 4 this hour (3 allowed): the import is refused up front, nothing written.
    const before = await footprint(owner.organizationId);
    const refused = await doImport(owner.access, [newPhone(), newPhone()]);
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited", fields: { csv: "people.importOverBudget" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await footprint(owner.organizationId)).toEqual(before);

    // One fits.
    expect((await doImport(owner.access, [newPhone()])).status).toBe(201);
    const over = await invite(server, owner.access, {
      first_name: "One",
      last_name: "Toomany",
      phone: newPhone(),
      role: "EMPLOYEE",
    });
    expect(over.status).toBe(429);
    expect(over.json()).toMatchObject({ code: "rate_limited", fields: { invitation: "people.invitationBudget" } });
    expect(over.headers.get("retry-after")).not.toBeNull();

    // An hour later the hour is free, but the day holds one more link: a resend takes it.
    await age(owner.organizationId, 3601);
    const resent = await resend(owner.access, first.id);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json<{ person: Person }>().person.invitation).toMatchObject({ live: true });
    const dayOver = await invite(server, owner.access, {
      first_name: "Day",
      last_name: "Over",
      phone: newPhone(),
      role: "EMPLOYEE",
    });
    expect(dayOver.status).toBe(429);
    expect(Number(dayOver.headers.get("retry-after"))).toBeGreaterThan(3600 * 20);

    // Another organization has its own budget.
    const other = await signUp(server);
    expect((await doImport(other.access, [newPhone(), newPhone(), newPhone()])).status).toBe(201);
  });
});
