/**
 * Installs the service worker that keeps /my's shell for offline use
 * (vite.config.ts builds it: the built index.html and its assets, never
 * /api). Only a production build has one, and it controls /my's pages only:
 * the admin area stays as it is, online.
 */
export function registerAppShell(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/my" }).catch((error: unknown) => {
    // Without it the app still works online; only the offline shell is missing.
    console.warn("The offline app shell could not be installed", error);
  });
}
