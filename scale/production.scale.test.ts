import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "./client.mjs";
import { startCluster } from "./cluster.mjs";
import {
  askCode,
  employees,
  measureFanout,
  newPhone,
  proof,
  punch,
  punchBurstWithKill,
  readinessBecomes,
  signUpOwner,
  underLoad,
} from "./scenarios.mjs";

type Cluster = Awaited<ReturnType<typeof startCluster>>;
type Owner = Awaited<ReturnType<typeof signUpOwner>>;

/**
 * The operations guide's layout, from its own files in deploy/: PostgreSQL
 * with a streaming replica, PgBouncer in transaction mode, two instances and
 * nginx with TLS. Everything the test asks goes through nginx unless it
 * needs one instance in particular.
 */
describe("two instances behind nginx, on PostgreSQL through PgBouncer", () => {
  let cluster: Cluster;
  let owner: Owner;

  beforeAll(async () => {
    cluster = await startCluster();
    owner = await signUpOwner(cluster);
  });
  afterAll(() => cluster?.stop());

  it("serves the app and the API over TLS through nginx", async () => {
    const page = await request(`${cluster.url}/signin`, { ca: cluster.ca });
    expect(page.status).toBe(200);
    expect(page.text).toContain("<div id=");
    const plain = await request(`${cluster.nginx.httpUrl}/api/health`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toMatch(/^https:/);
  });

  it("a manager's live stream on B sees a punch made through A within a second, and through nginx too", async () => {
    const [a, b] = cluster.instances;
    const people = await employees(cluster, owner.organizationId, 20, "72");
    const latencies = await measureFanout(cluster, owner, people, { from: a, to: b });
    expect(latencies.filter((ms) => ms > 1000)).toEqual([]);
    // And through nginx, wherever it sends the stream and the punches: events pass it unbuffered.
    const proxied = { url: cluster.url };
    const more = await employees(cluster, owner.organizationId, 6, "71");
    const throughNginx = await measureFanout(cluster, owner, more, { from: proxied, to: proxied });
    expect(throughNginx.filter((ms) => ms > 1000)).toEqual([]);
  });

  it("holds the sign-in limits across instances: codes asked through A and B alternately", async () => {
    const [a, b] = cluster.instances;
    const phone = newPhone();
    const first = await askCode(cluster, a.url, phone);
    expect(first.status).toBe(200);
    const again = await askCode(cluster, b.url, phone);
    expect(again.status).toBe(429);
    expect(again.json().code).toBe("rate_limited");
    expect(again.headers["retry-after"]).toBeDefined();

    // Three wrong tries spread over both instances spend the code: the right one is refused after.
    const otp = await cluster.sms.codeFor(`+${phone}`);
    const wrong = otp.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
    const register = (base: string, code: string) =>
      request(`${base}/api/auth/register`, {
        method: "POST",
        ca: cluster.ca,
        json: { first_name: "Lina", last_name: "Aoun", phone, company_name: "Cove Books", otp: code, ...proof(phone) },
      });
    for (const base of [a.url, b.url, a.url]) {
      const tried = await register(base, wrong);
      expect(tried.json().code).toBe("otp_invalid");
    }
    const right = await register(b.url, otp);
    expect(right.json().code).toBe("otp_invalid");
  });

  it("loses and doubles no punch when instance A is killed in a burst", async () => {
    const people = await employees(cluster, owner.organizationId, 120, "73");
    const result = await punchBurstWithKill(cluster, owner.organizationId, people);
    expect(result.refused.map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    expect({ missing: result.missing, duplicated: result.duplicated }).toEqual({ missing: 0, duplicated: 0 });
  });

  it("fails no request the client would not retry during a rolling restart", async () => {
    const people = await employees(cluster, owner.organizationId, 6, "74");
    const outcome = await underLoad(cluster, { owner, people }, async () => {
      for (const instance of cluster.instances) {
        const stopped = await instance.stop();
        expect(stopped?.forced).toBe(false);
        await instance.start();
      }
    });
    expect(outcome.failures).toEqual([]);
    expect(outcome.requests).toBeGreaterThan(50);
  });

  it("goes unready while PostgreSQL restarts, then serves again without a restart of its own", async () => {
    const [a, b] = cluster.instances;
    const startsBefore = a.starts + b.starts;
    await cluster.primary.stop();
    await Promise.all([readinessBecomes(a, 503), readinessBecomes(b, 503)]);
    await cluster.primary.start();
    await Promise.all([readinessBecomes(a, 200), readinessBecomes(b, 200)]);

    const [person] = await employees(cluster, owner.organizationId, 1, "75");
    const punched = await punch(cluster, cluster.url, person, "clock_in");
    expect(punched.status).toBe(201);
    // The LISTEN connections come back too (after their backoff, up to a few seconds): live views
    // hear changes again, and once they do, every change.
    const others = await employees(cluster, owner.organizationId, 8, "76");
    const latencies = await measureFanout(cluster, owner, others, { from: a, to: b });
    expect(latencies.at(-1)).toBeLessThan(1000);
    expect(a.starts + b.starts).toBe(startsBefore);
  });
});
