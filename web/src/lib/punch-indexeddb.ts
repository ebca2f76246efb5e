import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { type PunchStore, type QueuedPunch, type SavedStatus, storedPunch } from "./queued-punch.ts";
import { PUNCH_DATABASE } from "./storage-keys.ts";

type StoredPunch = Omit<QueuedPunch, "seq"> & { seq?: number };

interface PunchDatabase extends DBSchema {
  punches: { key: number; value: StoredPunch; indexes: { owner: [string, string]; id: string } };
  statuses: { key: [string, string]; value: SavedStatus };
}

/**
 * The queue in IndexedDB (database `name`). Opens now, so a browser without
 * IndexedDB (or with it blocked) fails here and the caller can fall back; a
 * connection closed under it (a newer version opened in another tab, the
 * browser ending it) is opened again on the next use.
 */
export async function openPunchStore(name: string = PUNCH_DATABASE): Promise<PunchStore> {
  let connection: Promise<IDBPDatabase<PunchDatabase>> | null = null;
  const open = () =>
    openDB<PunchDatabase>(name, 1, {
      upgrade(db) {
        const punches = db.createObjectStore("punches", { keyPath: "seq", autoIncrement: true });
        punches.createIndex("owner", ["organizationId", "userId"]);
        punches.createIndex("id", "id", { unique: true });
        db.createObjectStore("statuses", { keyPath: ["organizationId", "userId"] });
      },
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        connection = null;
      },
      terminated() {
        connection = null;
      },
    });
  const db = () => {
    connection ??= open().catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  await db();

  return {
    async add(owner, punch, queuedAt) {
      const value: StoredPunch = storedPunch(owner, punch, queuedAt);
      const seq = await (await db()).add("punches", value);
      return { ...value, seq };
    },
    async list(owner) {
      const all = await (await db()).getAllFromIndex("punches", "owner", [owner.organizationId, owner.userId]);
      return all.filter((item): item is QueuedPunch => item.seq !== undefined).sort((a, b) => a.seq - b.seq);
    },
    async countOfPerson(userId) {
      // A device holds a few punches at most: reading them all beats an index nobody else needs.
      return (await (await db()).getAll("punches")).filter((item) => item.userId === userId).length;
    },
    async update(id, patch) {
      const tx = (await db()).transaction("punches", "readwrite");
      const index = tx.store.index("id");
      const seq = await index.getKey(id);
      const value = seq === undefined ? undefined : await tx.store.get(seq);
      if (value) await tx.store.put({ ...value, ...patch });
      await tx.done;
    },
    async remove(id) {
      const tx = (await db()).transaction("punches", "readwrite");
      const seq = await tx.store.index("id").getKey(id);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
    async saveStatus(saved) {
      await (await db()).put("statuses", saved);
    },
    async loadStatus(owner) {
      return (await db()).get("statuses", [owner.organizationId, owner.userId]);
    },
    close() {
      void connection?.then((open) => open.close()).catch(() => {});
      connection = null;
    },
  };
}
