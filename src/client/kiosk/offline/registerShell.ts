import { SHELL_SCOPE, WORKER_URL } from './shellPolicy';

/**
 * Registers the station's offline shell (serviceWorker.ts). Called by the kiosk only: the console never registers it,
 * and its scope (`/kiosk`) keeps the console's pages out of it, so a desk never runs a stale console from a cache. A
 * browser without service workers, or a page that is not a secure context (plain http:// by a LAN name), goes on
 * without it: the station works, a reload without a network shows the browser's own page.
 */
export function registerOfflineShell(): void {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  // The worker script is always asked of the server (not of the HTTP cache): a new build's worker is found at once.
  navigator.serviceWorker.register(WORKER_URL, { scope: SHELL_SCOPE, updateViaCache: 'none' }).catch(() => {
    // No worker (e.g. a server built without the console): the station works as before, online.
  });
}
