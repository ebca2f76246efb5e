interface BrowserWindow {
  localStorage: Pick<Storage, "clear">;
  sessionStorage: Pick<Storage, "clear">;
  location: Pick<Location, "origin" | "assign">;
}

/**
 * The crash page's way out (spec §2): forget everything this origin stored
 * (a corrupt token or cached value may be what broke the render), then start
 * again from the site root.
 */
export function resetAndReload(win: BrowserWindow): void {
  for (const storage of ["localStorage", "sessionStorage"] as const) {
    try {
      win[storage].clear();
    } catch {
      // Blocked storage (privacy settings) must not stop the reload.
    }
  }
  win.location.assign(win.location.origin);
}
