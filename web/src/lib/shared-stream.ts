import type { LiveStatus } from "./live-connection.ts";

/**
 * One live connection for everything on a page that follows the same stream
 * (the sidebar's count and the requests inbox both follow the requests): the
 * first subscriber opens it, the last one leaving closes it, and every
 * subscriber hears its changes and its state. Framework free, so it is tested
 * without a browser.
 */
export interface StreamHandlers {
  onChange(): void;
  onStatus(status: LiveStatus): void;
}

export interface SharedStream {
  /** Holds the connection open while subscribed; `onChange` hears every change (and every resync). */
  subscribe(onChange: () => void): () => void;
  /** The connection's state now ("off" while nobody follows it). */
  status(): LiveStatus;
  /** Hears every change of state (for useSyncExternalStore). */
  watchStatus(listener: () => void): () => void;
}

export function createSharedStream(open: (handlers: StreamHandlers) => () => void): SharedStream {
  const changeListeners = new Set<() => void>();
  const statusListeners = new Set<() => void>();
  let close: (() => void) | null = null;
  let status: LiveStatus = "off";

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  };

  return {
    subscribe(onChange) {
      // Each subscription is its own entry, so the same function subscribed twice is held twice.
      const entry = () => onChange();
      changeListeners.add(entry);
      if (close === null) {
        close = open({
          onChange: () => {
            for (const listener of [...changeListeners]) listener();
          },
          onStatus: (next) => {
            if (close !== null || changeListeners.size > 0) setStatus(next);
          },
        });
      }
      return () => {
        if (!changeListeners.delete(entry)) return;
        if (changeListeners.size === 0 && close !== null) {
          const closing = close;
          close = null;
          closing();
          setStatus("off");
        }
      };
    },
    status: () => status,
    watchStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}
