import { openPunchStore } from "./punch-indexeddb.ts";
import { memoryPunchStore } from "./punch-memory-store.ts";
import type { PunchStore } from "./queued-punch.ts";

let sharedStore: Promise<PunchStore> | undefined;

/** The one queue of this page: IndexedDB, or memory where the browser gives none (private modes, blocked storage). */
export function punchStore(): Promise<PunchStore> {
  sharedStore ??= openPunchStore().catch((error: unknown) => {
    console.warn("IndexedDB cannot be used: punches wait in memory until sent", error);
    return memoryPunchStore();
  });
  return sharedStore;
}

/**
 * How many of the person's punches are still on this device, not yet
 * accepted by the server, in any of their organizations (asked before
 * signing out). 0 when the queue cannot be read: signing out never hangs on it.
 */
export async function unsentPunchCount(userId: string, store: () => Promise<PunchStore> = punchStore): Promise<number> {
  try {
    return await (await store()).countOfPerson(userId);
  } catch (error) {
    console.warn("The punch queue could not be read before signing out", error);
    return 0;
  }
}
