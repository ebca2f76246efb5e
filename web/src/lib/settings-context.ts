import { createContext, use } from "react";

export type SettingsTab = "account" | "company";

export function isSettingsTab(value: unknown): value is SettingsTab {
  return value === "account" || value === "company";
}

/** What the signed-in frames (/admin and /my) can ask of the settings sheet (spec §2, §4). */
export interface SettingsControl {
  /**
   * Opens the sheet on a tab (the Company tab in "company mode"); its code
   * loads on first use. Focus goes back to `returnFocusTo` when it closes.
   */
  openSettings(tab?: SettingsTab, returnFocusTo?: HTMLElement | null): void;
  /** Starts loading the sheet's code (on hover or focus of what opens it). */
  preloadSettings(): void;
  /**
   * Before leaving (signing out): resolves true at once when nothing is
   * unsaved, otherwise asks the discard question and resolves with the answer.
   */
  confirmLeave(): Promise<boolean>;
}

export const SettingsContext = createContext<SettingsControl>({
  openSettings: () => {},
  preloadSettings: () => {},
  confirmLeave: async () => true,
});

export function useSettings(): SettingsControl {
  return use(SettingsContext);
}
