import { BIG_PEOPLE, bigNote } from "../lib/big.mjs";
import { createTempDatabase } from "../lib/postgres.mjs";
import { measureCalendar, seedLedgers } from "./timeoff.mjs";
import { devEnv, request, signUpOwner } from "./users.mjs";

/**
 * The time-off calendar four times bigger: 2,000 people with a year of leave
 * each, all 2,000 with leave in the month shown (the timeoff suite's
 * seeding, sized up), PostgreSQL.
 * - timeoff.calendar_p95_ms_2k: as timeoff.calendar_p95_ms.
 */
export default {
  name: "timeoff-2k",
  requires: ["server"],
  timeoutMs: 420_000,
  rows: [{ name: "timeoff.calendar_p95_ms_2k", unit: "ms", max: 100 }],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Big Time Off");
    const setup = await request(server.baseUrl, "/api/time-off/setup", { token: owner.token });
    if (setup.status !== 200) throw new Error(`GET /api/time-off/setup answered ${setup.status}: ${setup.text}`);
    const today = await seedLedgers(url, owner.organizationId, { people: BIG_PEOPLE, calendarPeople: BIG_PEOPLE });
    ctx.log(`${BIG_PEOPLE} people with a year of leave entries up to ${today}, all on leave in the month shown`);
    await measureCalendar(ctx, server.baseUrl, owner, today, {
      calendarPeople: BIG_PEOPLE,
      suffix: "_2k",
      note: bigNote(),
    });
  },
};
