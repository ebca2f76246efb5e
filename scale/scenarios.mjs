import { createHmac, randomInt, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { accessToken, countLost, seedPeople } from "../bench/lib/people.mjs";
import { openEventStream, request } from "./client.mjs";

/** The web build's default signing key of a code request (OTP_SIGNING_KEY unset in the recipe). */
const SIGNING_KEY = "workshift-dev-signing-key";

/** What the web app adds to a code (spec §7). */
export const proof = (subject) => {
  const timestamp = Date.now();
  const device_id = "scale-test";
  const signature = createHmac("sha256", SIGNING_KEY).update(`${subject}:${device_id}:${timestamp}`).digest("hex");
  return { device_id, timestamp, signature };
};

/** A Lebanese mobile number (an allowed SMS country) nobody used in this run. */
export const newPhone = () => `96181${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** Asks `base` (nginx or one instance) for a sign-in code, as the web app does. */
export function askCode(cluster, base, phone) {
  return request(`${base}/api/auth/resend-otp?phone=${phone}`, { ca: cluster.ca });
}

/** Sign-up through nginx with a code that went out by SMS: the owner of a new organization. */
export async function signUpOwner(cluster) {
  const phone = newPhone();
  const asked = Date.now();
  const sent = await askCode(cluster, cluster.url, phone);
  if (sent.status !== 200) throw new Error(`resend-otp answered ${sent.status}: ${sent.text}`);
  const otp = await cluster.sms.codeFor(`+${phone}`, { after: asked });
  const registered = await request(`${cluster.url}/api/auth/register`, {
    method: "POST",
    ca: cluster.ca,
    json: { first_name: "Maya", last_name: "Saad", phone, company_name: "Harbor Bakery", otp, ...proof(phone) },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const session = registered.json();
  return { token: session.access, userId: session.user.id, organizationId: session.user.organization_id };
}

/** `count` employees of the organization with access tokens (made as the clock bench makes them). */
export async function employees(cluster, organizationId, count, prefix) {
  const sessions = await seedPeople(cluster.ownerUrl, organizationId, count, prefix);
  return Promise.all(
    sessions.map(async ({ userId, sessionId }) => ({
      userId,
      token: await accessToken(cluster.env.APP_SECRET, userId, organizationId, sessionId),
    })),
  );
}

/** Statuses the app's clients try again (the /my offline queue, the query client): the answer never came. */
export const RETRIED = new Set([0, 502, 503, 504]);

/**
 * A punch as the phone app sends it: its own id, sent again on a network
 * failure or a 502/503/504 until the server answers. Resolves with the final
 * answer and how many tries it took.
 */
export async function punch(cluster, base, person, kind, { id = randomUUID(), at = new Date() } = {}) {
  const body = { id, kind, at: at.toISOString() };
  for (let tries = 1; ; tries++) {
    const answer = await request(`${base}/api/my/punches`, {
      method: "POST",
      ca: cluster.ca,
      headers: bearer(person.token),
      json: body,
    });
    if (!RETRIED.has(answer.status) || tries >= 50) return { ...answer, tries };
    await sleep(100);
  }
}

/**
 * Change on instance A, event on instance B: a manager follows the time clock
 * on B while `people` clock in one after another through A. Each latency runs
 * from sending the punch to the next `clock` event arriving on B (the stream
 * names people by their public id, so punches go one at a time); a punch
 * whose event does not come within `waitMs` counts as Infinity.
 */
export async function measureFanout(cluster, owner, people, { from, to, waitMs = 2000 }) {
  let waiting = null;
  const stream = await openEventStream(`${to.url}/api/time-clock/events?board=all`, {
    token: owner.token,
    ca: cluster.ca,
    onEvent: (name, _data, at) => {
      if (name === "clock" && waiting) waiting.resolve(at - waiting.sentAt);
    },
  });
  const latencies = [];
  try {
    for (const person of people) {
      const arrived = new Promise((resolve) => {
        waiting = { sentAt: performance.now(), resolve };
      });
      const answer = await punch(cluster, from.url, person, "clock_in");
      if (answer.status !== 201) throw new Error(`a punch answered ${answer.status}: ${answer.text}`);
      latencies.push(await Promise.race([arrived, sleep(waitMs).then(() => Number.POSITIVE_INFINITY)]));
      waiting = null;
    }
  } finally {
    stream.close();
  }
  return latencies;
}

/**
 * A burst of clock-ins through nginx spread over `spreadMs`, with instance A
 * killed (SIGKILL) a third of the way in; clients retry as the phone app
 * does. Afterwards A is started again. Counts people without exactly one
 * punch and one open entry.
 */
export async function punchBurstWithKill(cluster, organizationId, people, { spreadMs = 3000 } = {}) {
  const [a] = cluster.instances;
  const answers = [];
  const killing = sleep(spreadMs / 3).then(() => a.kill());
  await Promise.all(
    people.map(async (person) => {
      await sleep(Math.random() * spreadMs);
      answers.push(await punch(cluster, cluster.url, person, "clock_in"));
    }),
  );
  await killing;
  await a.start();
  const lost = await countLost(
    cluster.ownerUrl,
    organizationId,
    people.map((person) => person.userId),
  );
  return {
    ...lost,
    retried: answers.filter((answer) => answer.tries > 1).length,
    refused: answers.filter((answer) => answer.status !== 201 && answer.status !== 200),
  };
}

/**
 * Steady traffic through nginx while `during()` runs: managers reading and
 * people clocking in and out, each request retried only as the app's clients
 * would. Returns the requests that failed for good, and how many were retried.
 */
export async function underLoad(cluster, { owner, people }, during) {
  let running = true;
  const failures = [];
  let requests = 0;
  let retried = 0;
  const reader = async () => {
    while (running) {
      for (const path of ["/api/auth/me", "/api/time-clock/boards/all/live", "/api/organizations"]) {
        let answer;
        for (let tries = 1; tries <= 50; tries++) {
          answer = await request(`${cluster.url}${path}`, { ca: cluster.ca, headers: bearer(owner.token) });
          requests += 1;
          if (!RETRIED.has(answer.status)) break;
          retried += 1;
          await sleep(100);
        }
        if (answer.status !== 200) failures.push(`GET ${path}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
  };
  const puncher = async (person) => {
    let kind = "clock_in";
    while (running) {
      const answer = await punch(cluster, cluster.url, person, kind);
      requests += answer.tries;
      retried += answer.tries - 1;
      if (answer.status !== 201) failures.push(`POST punch ${kind}: ${answer.status} ${answer.text.slice(0, 120)}`);
      kind = kind === "clock_in" ? "clock_out" : "clock_in";
      await sleep(150);
    }
  };
  const load = Promise.all([reader(), reader(), ...people.map(puncher)]);
  try {
    await during();
  } finally {
    running = false;
    await load;
  }
  return { failures, requests, retried };
}

/** Polls an instance's readiness until `wanted` answers (200 or 503); resolves with the time it took. */
export async function readinessBecomes(instance, wanted, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const answer = await request(`${instance.url}/api/health/ready`, { timeoutMs: 2000 });
    if (answer.status === wanted) return { ms: Date.now() - started, body: answer.text };
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${instance.name}'s readiness stayed ${answer.status} (${answer.text}), not ${wanted}`);
    }
    await sleep(100);
  }
}
