import { randomInt } from "node:crypto";
import type { DeliveryConfig } from "../src/config.ts";
import { enqueueMessage, type NewMessage } from "../src/delivery/outbox.ts";
import { createProviders } from "../src/delivery/providers.ts";
import { createDeliveryWorker, type DeliveryWorker, type WorkerOptions } from "../src/delivery/worker.ts";
import { testDatabase } from "./database.ts";

/** A US number for this test only: the outbox is shared with other tests (and their workers). */
export const newUsPhone = () => `1555${randomInt(1_000_000, 9_999_999)}`;

/**
 * Starts delivery workers over given recipients with test timings (20 ms polls,
 * 30 ms retries), each remembered in `workers` so the test file stops them after each test.
 */
export function workerStarter(delivery: () => DeliveryConfig, workers: DeliveryWorker[]) {
  return async (recipients: string[], options: Partial<WorkerOptions> = {}): Promise<DeliveryWorker> => {
    const { db } = await testDatabase();
    const started = createDeliveryWorker({
      db,
      providers: createProviders({ env: "test", delivery: delivery() }),
      scrub: false,
      pollMs: 20,
      retryDelaysMs: [30],
      recipients,
      ...options,
    });
    started.start();
    workers.push(started);
    return started;
  };
}

export async function enqueue(message: NewMessage): Promise<string> {
  const { db } = await testDatabase();
  return db.transaction().execute((tx) => enqueueMessage(tx, message));
}

export async function outboxRow(id: string) {
  const { db } = await testDatabase();
  return db.selectFrom("outbox_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Polls `check` until it gives something, or fails after `ms` saying what it waited for. */
export async function until<T>(check: () => T | Promise<T>, what: string, ms = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
