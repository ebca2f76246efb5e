import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { SettingsContext, type SettingsControl, type SettingsTab } from "../../lib/settings-context.ts";
import classes from "./SettingsProvider.module.css";

type Sheet = typeof import("./SettingsSheet.tsx").SettingsSheet;

let sheetLoading: Promise<Sheet> | undefined;

/**
 * The sheet, its forms and their texts load the first time someone reaches for
 * the settings. (The i18n instance comes from the caller, so this chunk does not
 * import the app's i18n module, which would split it out of the entry chunk.)
 */
function loadSheet(i18n: { loadNamespaces(ns: string[]): Promise<unknown> }): Promise<Sheet> {
  sheetLoading ??= Promise.all([
    import("./SettingsSheet.tsx"),
    i18n.loadNamespaces(["settings", "validation", "errors"]),
  ]).then(
    ([module]) => module.SettingsSheet,
    (error: unknown) => {
      sheetLoading = undefined; // the next attempt tries again
      throw error;
    },
  );
  return sheetLoading;
}

interface Session {
  /** A fresh sheet (and fresh forms) for every opening. */
  key: number;
  tab: SettingsTab;
  opened: boolean;
}

/**
 * Holds the settings sheet for the signed-in frames (/admin and /my):
 * `openSettings(tab)` loads it if needed and opens it; the sheet reports
 * whether its form has unsaved changes, so signing out can ask first (spec §4).
 * The sheet is for the role in the organization chosen now; someone without
 * one (in /my) is treated as an employee.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const role = useAuth().user?.role ?? "EMPLOYEE";
  const [SettingsSheet, setSettingsSheet] = useState<Sheet | undefined>(undefined);
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(false);
  const dirty = useRef(false);
  const [leaving, setLeaving] = useState<((go: boolean) => void) | null>(null);
  const opens = useRef(0);

  const returnFocus = useRef<HTMLElement | null>(null);

  const openSettings = useCallback(
    (tab: SettingsTab = "account", returnFocusTo: HTMLElement | null = null) => {
      returnFocus.current = returnFocusTo;
      setLoading(true);
      loadSheet(i18n).then(
        (loaded) => {
          setSettingsSheet(() => loaded);
          opens.current += 1;
          setSession({ key: opens.current, tab, opened: true });
          setLoading(false);
        },
        (error: unknown) => {
          setLoading(false);
          console.error("The settings failed to load", error);
        },
      );
    },
    [i18n],
  );

  const preloadSettings = useCallback(() => {
    loadSheet(i18n).catch(() => {});
  }, [i18n]);

  const confirmLeave = useCallback(() => {
    if (!dirty.current) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => setLeaving(() => resolve));
  }, []);

  const answerLeave = (go: boolean) => {
    leaving?.(go);
    setLeaving(null);
    if (go) {
      dirty.current = false;
      setSession((current) => (current ? { ...current, opened: false } : current));
    }
  };

  const control = useMemo<SettingsControl>(
    () => ({ openSettings, preloadSettings, confirmLeave }),
    [openSettings, preloadSettings, confirmLeave],
  );

  return (
    <SettingsContext value={control}>
      {children}
      {loading ? (
        <div className={classes.loading}>
          <LoadingDots />
        </div>
      ) : null}
      {SettingsSheet && session ? (
        <SettingsSheet
          key={session.key}
          opened={session.opened}
          initialTab={session.tab}
          role={role}
          onDirtyChange={(value) => {
            dirty.current = value;
          }}
          onClose={() => {
            dirty.current = false;
            setSession((current) => (current ? { ...current, opened: false } : current));
          }}
          onExited={() => {
            setSession((current) => (current?.opened ? current : null));
            // What opened it (the user menu's button) has focus again; the menu item that was clicked is gone.
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
        />
      ) : null}
      {leaving ? (
        <DiscardChangesDialog opened onDiscard={() => answerLeave(true)} onStay={() => answerLeave(false)} />
      ) : null}
    </SettingsContext>
  );
}
