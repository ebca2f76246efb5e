import { type PunchOwner, type PunchStore, type QueuedPunch, type SavedStatus, storedPunch } from "./queued-punch.ts";

/** The same queue kept in memory, for a browser that gives no IndexedDB: punches last as long as the page. */
export function memoryPunchStore(): PunchStore {
  let seq = 0;
  let punches: QueuedPunch[] = [];
  const statuses = new Map<string, SavedStatus>();
  const ownerKey = (owner: PunchOwner) => `${owner.organizationId}/${owner.userId}`;
  return {
    async add(owner, punch, queuedAt) {
      if (punches.some((item) => item.id === punch.id)) throw new Error("This punch is queued already");
      seq += 1;
      const value = { ...storedPunch(owner, punch, queuedAt), seq };
      punches.push(value);
      return { ...value };
    },
    async list(owner) {
      return punches
        .filter((item) => item.organizationId === owner.organizationId && item.userId === owner.userId)
        .map((item) => ({ ...item }));
    },
    async countOfPerson(userId) {
      return punches.filter((item) => item.userId === userId).length;
    },
    async update(id, patch) {
      punches = punches.map((item) => (item.id === id ? { ...item, ...patch } : item));
    },
    async remove(id) {
      punches = punches.filter((item) => item.id !== id);
    },
    async saveStatus(saved) {
      statuses.set(ownerKey(saved), saved);
    },
    async loadStatus(owner) {
      return statuses.get(ownerKey(owner));
    },
    close() {},
  };
}
