import type { ImportPreview, PeopleResponse, Person } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newPhone, signUp } from "../../test/auth.ts";
import { auditOf, footprint, invite, invited } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const send = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json !== undefined ? { json } : {}) });
const patch = (token: string, id: string, json: unknown) => send(token, "PATCH", `/api/people/${id}`, json);

describe("a person's employee id", () => {
  it("is set when inviting or editing, kept as typed, shown in the list, audited, and cleared with an empty value", async () => {
    const owner = await signUp(server);
    const rana = await invited(server, owner.access, { employee_id: "  PAY-001/a " });
    expect(rana.employee_id).toBe("PAY-001/a");
    const sami = await invited(server, owner.access);
    expect(sami.employee_id).toBeNull();

    const changed = await patch(owner.access, sami.id, { employee_id: "7" });
    expect(changed.status).toBe(200);
    expect(changed.json<{ person: Person }>().person.employee_id).toBe("7");
    const [entry] = await auditOf(owner.organizationId, "people.update");
    expect(entry?.before).toMatchObject({ employee_id: null });
    expect(entry?.after).toMatchObject({ employee_id: "7" });

    const listed = (await send(owner.access, "GET", "/api/people")).json<PeopleResponse>();
    expect(Object.fromEntries(listed.people.map((person) => [person.id, person.employee_id]))).toMatchObject({
      [rana.id]: "PAY-001/a",
      [sami.id]: "7",
    });

    const cleared = await patch(owner.access, sami.id, { employee_id: "" });
    expect(cleared.json<{ person: Person }>().person.employee_id).toBeNull();
    // Once cleared, the id is free again; and a person may keep their own.
    expect((await patch(owner.access, rana.id, { employee_id: "PAY-001/a" })).status).toBe(200);
    expect((await patch(owner.access, sami.id, { employee_id: "7" })).status).toBe(200);
  });

  it("is unique in the organization: another person's is refused (409 person_employee_id_taken), writing nothing", async () => {
    const owner = await signUp(server);
    const rana = await invited(server, owner.access, { employee_id: "E-1" });
    const sami = await invited(server, owner.access);
    const before = await footprint(owner.organizationId);

    const taken = await patch(owner.access, sami.id, { employee_id: "E-1", hourly_rate: 30 });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "person_employee_id_taken",
      fields: { employee_id: "people.employeeIdTaken" },
    });
    const invitedTaken = await invite(server, owner.access, {
      first_name: "Nour",
      last_name: "Aziz",
      role: "EMPLOYEE",
      email: "nour@example.com",
      employee_id: "E-1",
    });
    expect(invitedTaken.status).toBe(409);
    expect(invitedTaken.json()).toMatchObject({ code: "person_employee_id_taken" });
    expect(await footprint(owner.organizationId)).toEqual(before);

    // Another organization may use the same id.
    const other = await signUp(server);
    expect((await invited(server, other.access, { employee_id: "E-1" })).employee_id).toBe("E-1");
    expect(rana.employee_id).toBe("E-1");
  });

  it("is refused over 50 characters or with control characters (400), writing nothing", async () => {
    const owner = await signUp(server);
    const sami = await invited(server, owner.access);
    const before = await footprint(owner.organizationId);
    for (const employeeId of ["x".repeat(51), "E\u00001", "E\u202e1"]) {
      const refused = await patch(owner.access, sami.id, { employee_id: employeeId });
      expect(refused.status).toBe(400);
    }
    expect(await footprint(owner.organizationId)).toEqual(before);
    expect((await patch(owner.access, sami.id, { employee_id: "x".repeat(50) })).status).toBe(200);
  });
});

describe("employee ids in a CSV import", () => {
  const csvImport = (token: string, path: string, csv: string) =>
    server.request(`/api/people/import${path}`, { method: "POST", headers: bearer(token), json: { csv } });

  it("are imported as typed, and a file with one twice or one already someone's is refused whole", async () => {
    const owner = await signUp(server);
    await invited(server, owner.access, { employee_id: "E-1" });
    const [p1, p2, p3] = [newPhone(), newPhone(), newPhone()];
    const header = "first_name,last_name,phone,employee_id\r\n";
    const bad = `${header}Amal,Haddad,${p1},E-1\r\nBruno,Díaz,${p2},E-2\r\nNour,Aziz,${p3},E-2\r\n`;
    const checked = (await csvImport(owner.access, "/preview", bad)).json<ImportPreview>();
    expect(checked.rows.map((row) => [row.employee_id, row.errors.employee_id ?? null])).toEqual([
      ["E-1", "people.employeeIdTaken"],
      ["E-2", null],
      ["E-2", "people.employeeIdTwiceInFile"],
    ]);
    const before = await footprint(owner.organizationId);
    expect((await csvImport(owner.access, "", bad)).status).toBe(422);
    expect(await footprint(owner.organizationId)).toEqual(before);

    const good = `${header}Amal,Haddad,${p1}, E-3 \r\nBruno,Díaz,${p2},\r\n`;
    expect((await csvImport(owner.access, "", good)).status).toBe(201);
    const listed = (await send(owner.access, "GET", "/api/people?status=invited&sort=name")).json<PeopleResponse>();
    expect(listed.people.map((person) => [person.first_name, person.employee_id])).toEqual([
      ["Amal", "E-3"],
      ["Bruno", null],
      ["Sami", "E-1"],
    ]);
  });
});
