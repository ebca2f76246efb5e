import { BIG_PEOPLE, bigNote } from "../lib/big.mjs";
import { createTempDatabase } from "../lib/postgres.mjs";
import { now } from "../lib/time.mjs";
import { benchDates, countsFor, measureInbox, seedRequests } from "./requests.mjs";
import { devEnv, request, signUpOwner } from "./users.mjs";

/**
 * The requests inbox four times bigger: 2,000 people and 20,000 pending
 * requests (the requests suite's seeding, sized up), PostgreSQL.
 * - requests.inbox_p95_ms_2k: as requests.inbox_p95_ms.
 */
export default {
  name: "requests-2k",
  requires: ["server"],
  timeoutMs: 420_000,
  rows: [{ name: "requests.inbox_p95_ms_2k", unit: "ms", max: 80 }],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Big Requests");
    const dates = benchDates(new Date());
    await seedRequests(url, owner, dates, { people: BIG_PEOPLE });
    const pending = Object.values(countsFor(BIG_PEOPLE)).reduce((a, b) => a + b, 0);
    ctx.log(`${BIG_PEOPLE} people, ${pending} pending requests, shifts from ${dates.week}`);
    const api = async (path, options = {}) => {
      const started = now();
      const response = await request(server.baseUrl, path, { token: owner.token, ...options });
      return { response, elapsed: now() - started };
    };
    await measureInbox(ctx, api, { people: BIG_PEOPLE, suffix: "_2k", note: bigNote() });
  },
};
