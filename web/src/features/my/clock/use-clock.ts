import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClockStatus, PunchKind, PunchWarning } from "@workshift/contracts";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { punchStore } from "../../../lib/punch-store.ts";
import type { PunchStore, QueuedPunch, SavedStatus } from "../../../lib/queued-punch.ts";
import { clockOffsetMs, serverNow } from "../../../lib/server-clock.ts";
import { subscribeTokens } from "../../../lib/tokens.ts";
import { type ClockView, projectClock } from "./clock-actions.ts";
import { clockKeys, fetchClockStatus, sendPunch } from "./clock-api.ts";
import {
  currentPosition,
  type LocationChoice,
  type LocationFailure,
  newPunchId,
  readLocationChoice,
  writeLocationChoice,
} from "./clock-location.ts";
import { siteOfPunch } from "./clock-site.ts";
import type { Refusal } from "./punch-send.ts";
import { createPunchSync, type PunchSync, type PunchSyncState } from "./punch-sync.ts";

const STATUS_REFETCH_MS = 60_000;
/** After a tap the buttons rest this long: a double tap never makes a second punch (of the next button). */
const TAP_REST_MS = 900;

const idle: PunchSyncState = { pending: [], phase: "idle", retryAt: null };
const noSubscription = () => () => {};

function subscribeOnline(listener: () => void): () => void {
  globalThis.addEventListener("online", listener);
  globalThis.addEventListener("offline", listener);
  return () => {
    globalThis.removeEventListener("online", listener);
    globalThis.removeEventListener("offline", listener);
  };
}

/** What the browser believes of the network (false means surely offline; true may still be a dead network). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => globalThis.navigator?.onLine ?? true);
}

export interface RefusedPunch {
  punch: QueuedPunch;
  refusal: Refusal;
}

export interface WarnedPunch {
  punch: QueuedPunch;
  warnings: PunchWarning[];
}

/** Where a clock-in goes: the shift (by default), a job, or neither. */
export interface ClockInTarget {
  shift_id?: string;
  job_id?: string;
}

export interface Clock {
  /** The status shown: the server's, or the one last seen on this device while the server cannot be reached. */
  status: ClockStatus | undefined;
  /** True while the status shown is not a fresh answer (the last one failed). */
  stale: boolean;
  /** When the status shown was received (ms). */
  statusAt: number | null;
  /** How far the server's clock is ahead of this device's (lib/server-clock.ts): punches and timers follow the server's. */
  clockOffset: number;
  loading: boolean;
  failed: boolean;
  retryStatus(): void;
  /** The status with the punches still waiting applied: what the person sees. */
  view: ClockView | null;
  sync: PunchSyncState;
  /** A punch is being written on the device. */
  recording: boolean;
  /** The buttons rest: a punch is being written, or was a moment ago (a double tap makes one punch). */
  resting: boolean;
  punch(kind: PunchKind, target?: ClockInTarget): void;
  sendNow(): void;
  /** A punch waits for the person's answer on sharing their position (its id). */
  askingLocation: string | null;
  /** The site that punch's position is checked against (the consent names it). */
  askingSite: string | null;
  answerLocation(choice: LocationChoice | null): void;
  locationChoice: LocationChoice | null;
  changeLocationChoice(choice: LocationChoice): void;
  /** Why the last punch went without a position. */
  locationIssue: LocationFailure | null;
  /** The punch that could not be written on this device. */
  saveFailed: boolean;
  refusals: RefusedPunch[];
  dismissRefusals(): void;
  warned: WarnedPunch | null;
  dismissWarnings(): void;
}

/**
 * The time clock of the person signed in (`userId`) in their organization:
 * the status (asked every minute and on focus), the queue of punches (sent in
 * order, kept until answered) and the location consent.
 */
export function useClock(organizationId: string, userId: string): Clock {
  const queryClient = useQueryClient();
  const key = clockKeys.status(organizationId);
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchClockStatus(signal),
    refetchInterval: STATUS_REFETCH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

  const [store, setStore] = useState<PunchStore | null>(null);
  const [saved, setSaved] = useState<SavedStatus | null>(null);
  const [sync, setSync] = useState<PunchSync | null>(null);
  const [refusals, setRefusals] = useState<RefusedPunch[]>([]);
  const [warned, setWarned] = useState<WarnedPunch | null>(null);
  const [locationIssue, setLocationIssue] = useState<LocationFailure | null>(null);
  const [askingLocation, setAskingLocation] = useState<string | null>(null);
  const [askingSite, setAskingSite] = useState<string | null>(null);
  const [locationChoice, setLocationChoice] = useState(() => readLocationChoice(userId));
  const [recording, setRecording] = useState(false);
  const [resting, setResting] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const tapping = useRef(false);
  const restTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    void punchStore().then(async (opened) => {
      const last = await opened.loadStatus({ organizationId, userId }).catch(() => undefined);
      if (!live) return;
      setStore(opened);
      setSaved(last ?? null);
    });
    return () => {
      live = false;
    };
  }, [organizationId, userId]);

  // The last status seen is kept on the device: shown when the server cannot be reached after a reload.
  useEffect(() => {
    if (!store || !status.data) return;
    const savedAt = new Date(status.dataUpdatedAt || Date.now()).toISOString();
    void store.saveStatus({ organizationId, userId, status: status.data, savedAt }).catch(() => {});
  }, [store, status.data, status.dataUpdatedAt, organizationId, userId]);

  const onSent = useRef<(punch: QueuedPunch, response: Awaited<ReturnType<typeof sendPunch>> | null) => void>(() => {});
  const onRefused = useRef<(punch: QueuedPunch, refusal: Refusal) => void>(() => {});
  onSent.current = (punch, response) => {
    if (!response) {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, response.status);
    if (response.punch.warnings.length > 0) setWarned({ punch, warnings: response.punch.warnings });
  };
  onRefused.current = (punch, refusal) => {
    setRefusals((list) => [...list, { punch, refusal }].slice(-3));
    void queryClient.invalidateQueries({ queryKey: key });
  };

  useEffect(() => {
    if (!store) return;
    const created = createPunchSync({
      store,
      owner: { organizationId, userId },
      send: sendPunch,
      onSent: (punch, response) => onSent.current(punch, response),
      onRefused: (punch, refusal) => onRefused.current(punch, refusal),
    });
    setSync(created);
    // Whatever an earlier page left (a reload, a closed tab) goes first.
    created.kick();
    const kick = () => created.kick();
    const onVisible = () => {
      if (globalThis.document.visibilityState !== "visible") return;
      void created.refresh().catch(() => {});
      created.kick();
    };
    globalThis.addEventListener("online", kick);
    globalThis.document.addEventListener("visibilitychange", onVisible);
    const stopWatchingTokens = subscribeTokens(kick);
    return () => {
      created.stop();
      globalThis.removeEventListener("online", kick);
      globalThis.document.removeEventListener("visibilitychange", onVisible);
      stopWatchingTokens();
      setSync(null);
    };
  }, [store, organizationId, userId]);

  useEffect(
    () => () => {
      if (restTimer.current) clearTimeout(restTimer.current);
    },
    [],
  );

  const subscribe = useCallback((listener: () => void) => (sync ? sync.subscribe(listener) : noSubscription()), [sync]);
  const syncState = useSyncExternalStore(subscribe, () => sync?.getState() ?? idle);

  const shown = status.data ?? saved?.status;
  const statusAt = status.data ? status.dataUpdatedAt : saved ? Date.parse(saved.savedAt) : null;
  const clockOffset = clockOffsetMs(shown?.server_time, statusAt);
  const view = useMemo(() => (shown ? projectClock(shown, syncState.pending) : null), [shown, syncState.pending]);

  const locate = async (target: PunchSync, id: string) => {
    const result = await currentPosition();
    if ("failure" in result) setLocationIssue(result.failure);
    await target.located(id, "location" in result ? result.location : null).catch((error: unknown) => {
      console.error("The punch's position could not be kept", error);
    });
  };

  const punch = (kind: PunchKind, target: ClockInTarget = {}) => {
    if (!sync || !shown || tapping.current) return;
    tapping.current = true;
    setRecording(true);
    setResting(true);
    // The moment of the tap, before anything else: that is when the person punched (by the server's clock).
    const at = new Date(serverNow(clockOffset)).toISOString();
    const id = newPunchId();
    // Only a punch checked against a site carries a position (clock-site.ts): no site, no question.
    const site = siteOfPunch(shown, kind, kind === "clock_in" ? target : {});
    const wantsLocation = site !== null && locationChoice !== "declined";
    const rest = () => {
      setRecording(false);
      restTimer.current = setTimeout(() => {
        tapping.current = false;
        setResting(false);
      }, TAP_REST_MS);
    };
    setSaveFailed(false);
    setLocationIssue(null);
    setWarned(null);
    sync
      .record({ id, kind, at, ...(kind === "clock_in" ? target : {}), locating: wantsLocation })
      .then(() => {
        if (!wantsLocation) return;
        if (locationChoice === null) {
          setAskingSite(site?.name ?? null);
          setAskingLocation(id);
        } else void locate(sync, id);
      })
      .catch((error: unknown) => {
        console.error("The punch could not be written on this device", error);
        setSaveFailed(true);
      })
      .finally(rest);
  };

  const answerLocation = (choice: LocationChoice | null) => {
    const id = askingLocation;
    setAskingLocation(null);
    if (choice) {
      writeLocationChoice(userId, choice);
      setLocationChoice(choice);
    }
    if (!id || !sync) return;
    if (choice === "granted") void locate(sync, id);
    else void sync.located(id, null).catch(() => {});
  };

  return {
    status: shown,
    stale: status.data === undefined ? shown !== undefined && status.failureCount > 0 : status.isError,
    statusAt,
    clockOffset,
    loading: shown === undefined && (status.isPending || store === null),
    failed: shown === undefined && status.isError,
    retryStatus: () => void status.refetch(),
    view,
    sync: syncState,
    recording,
    resting,
    punch,
    sendNow: () => sync?.kick(),
    askingLocation,
    askingSite,
    answerLocation,
    locationChoice,
    changeLocationChoice: (choice) => {
      writeLocationChoice(userId, choice);
      setLocationChoice(choice);
    },
    locationIssue,
    saveFailed,
    refusals,
    dismissRefusals: () => setRefusals([]),
    warned,
    dismissWarnings: () => setWarned(null),
  };
}
