import type { ClockStatus, PunchKind, PunchLocation } from "@workshift/contracts";

/**
 * A punch as it waits on the device, and the storage the queue keeps it in:
 * IndexedDB in the product (punch-indexeddb.ts), memory where IndexedDB
 * cannot be had (punch-memory-store.ts). Only the person signed in, in their
 * organization, sends their own punches, so each is kept with its owner.
 */

export interface PunchOwner {
  organizationId: string;
  userId: string;
}

/** A punch as made on the device. */
export interface NewPunch {
  id: string;
  kind: PunchKind;
  /** When it was made (ISO instant, the device's clock at the tap). */
  at: string;
  shift_id?: string | null;
  job_id?: string | null;
  location?: PunchLocation | null;
  /** Its position is still being asked for: it waits (at most LOCATION_WAIT_MS) to go with it. */
  locating?: boolean;
}

export interface QueuedPunch extends PunchOwner {
  /** The order punches were made in on this device (IndexedDB's own counter). */
  seq: number;
  id: string;
  kind: PunchKind;
  at: string;
  shift_id: string | null;
  job_id: string | null;
  location: PunchLocation | null;
  locating: boolean;
  /** When it was written here (the device's milliseconds). */
  queuedAt: number;
  /** Tries that got no answer (or a server error). */
  attempts: number;
}

export interface SavedStatus extends PunchOwner {
  status: ClockStatus;
  /** When the status was received (ISO instant). */
  savedAt: string;
}

/** The queue's storage: IndexedDB in the product (openPunchStore), memory where IndexedDB cannot be had. */
export interface PunchStore {
  add(owner: PunchOwner, punch: NewPunch, queuedAt: number): Promise<QueuedPunch>;
  /** The owner's punches, oldest first. */
  list(owner: PunchOwner): Promise<QueuedPunch[]>;
  /** How many punches of this person wait, in any of their organizations. */
  countOfPerson(userId: string): Promise<number>;
  update(id: string, patch: Partial<Pick<QueuedPunch, "location" | "locating" | "attempts">>): Promise<void>;
  remove(id: string): Promise<void>;
  saveStatus(saved: SavedStatus): Promise<void>;
  loadStatus(owner: PunchOwner): Promise<SavedStatus | undefined>;
  close(): void;
}

/** A new punch as the store keeps it (the store numbers it). */
export function storedPunch(owner: PunchOwner, punch: NewPunch, queuedAt: number): Omit<QueuedPunch, "seq"> {
  return {
    organizationId: owner.organizationId,
    userId: owner.userId,
    id: punch.id,
    kind: punch.kind,
    at: punch.at,
    shift_id: punch.shift_id ?? null,
    job_id: punch.job_id ?? null,
    location: punch.location ?? null,
    locating: punch.locating ?? false,
    queuedAt,
    attempts: 0,
  };
}
