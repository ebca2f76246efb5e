import { type Action, accessStandings, actions, can, type Standing } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf, platformAdminIn, type SignedUp, signUp } from "../../../test/auth.ts";
import { apiOperations, callOperation, type Operation } from "../../../test/operations.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";

/**
 * The access matrix, generated from the access table and the API document:
 * every route of /api/docs/json declares who may call it (`x-access`), and for
 * every standing (OWNER, platform ADMIN, SUPERVISOR with no permission, with
 * each one alone and with all, EMPLOYEE) the server answers 403 exactly when
 * the table says no. A new route without a declaration fails here.
 */

let server: TestServer;
let operations: Operation[];
const standings: { name: string; standing: Standing; session: SignedUp }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  operations = await apiOperations(server);

  const owner = await signUp(server);
  const org = owner.organizationId;
  for (const { name, role, permissions } of accessStandings()) {
    const session =
      role === "OWNER"
        ? owner
        : role === "ADMIN"
          ? await platformAdminIn(server, org)
          : await memberOf(server, org, role, permissions);
    standings.push({ name, standing: { role, permissions }, session });
  }
}, 120_000);
afterAll(() => server.close());

const isAction = (access: string | undefined): access is Action => actions.includes(access as Action);

const call = (operation: Operation, token: string) => callOperation(server, operation, token);

describe("the access matrix", () => {
  it("has a declared access for every API route, one the access table knows", () => {
    const undeclared = operations
      .filter((op) => op.access !== "public" && op.access !== "signed-in" && !isAction(op.access))
      .map((op) => `${op.method} ${op.path} (${op.access ?? "none"})`);
    expect(undeclared).toEqual([]);
    expect(operations.filter((op) => isAction(op.access)).length).toBeGreaterThan(40);
  });

  it("answers 403 exactly where the access table says no, for every standing and every tenant route", async () => {
    const disagreements: string[] = [];
    const tenantRoutes = operations.filter((op) => isAction(op.access));
    for (const { name, standing, session } of standings) {
      // A few at once: the routes are independent, and one standing's calls never change its rights.
      const queue = [...tenantRoutes];
      const workers = Array.from({ length: 4 }, async () => {
        for (let op = queue.shift(); op; op = queue.shift()) {
          const allowed = can(standing, op.access as Action);
          const { status, code } = await call(op, session.access);
          const refused = status === 403 && code === "forbidden";
          if (allowed === refused) {
            disagreements.push(
              `${name}: ${op.method} ${op.path} (${op.access}) answered ${status} ${code ?? ""}, the table says ${allowed ? "allowed" : "refused"}`,
            );
          }
        }
      });
      await Promise.all(workers);
    }
    expect(disagreements.sort()).toEqual([]);
  }, 300_000);

  it("lets every standing call the signed-in routes that only read", async () => {
    const disagreements: string[] = [];
    const reads = operations.filter(
      (op) => op.access === "signed-in" && op.method === "GET" && !op.path.includes("logout"),
    );
    for (const { name, session } of standings) {
      for (const op of reads) {
        const { status, code } = await call(op, session.access);
        if (status === 403) disagreements.push(`${name}: ${op.method} ${op.path} answered 403 ${code ?? ""}`);
      }
    }
    expect(disagreements).toEqual([]);
  }, 120_000);
});
