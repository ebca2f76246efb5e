/**
 * Browser storage that never throws: storage can be blocked (privacy settings,
 * some embedded browsers) or full, and then the app simply keeps nothing.
 */
export type StorageKind = "localStorage" | "sessionStorage";

function storage(kind: StorageKind): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: StorageKind, key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Blocked or full: nothing is kept.
  }
}

export function removeItem(kind: StorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // Blocked: there was nothing to remove.
  }
}

export function clearStorage(kind: StorageKind): void {
  try {
    storage(kind)?.clear();
  } catch {
    // Blocked: there was nothing to clear.
  }
}
