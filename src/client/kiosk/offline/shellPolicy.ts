/**
 * What the station's service worker (serviceWorker.ts) does with a request (issue 25 item 14), apart from the worker so
 * that it is unit-tested: the station's pages (`/kiosk` and below) go to the network first and fall back to the kept
 * shell; the files of the shell (listed by build.mjs, hashed names) come from the cache; everything else — the API
 * above all — is not touched: the browser fetches it as if there were no worker, and nothing of it is ever kept.
 */

/** Where the worker script is served (the site's root: its scope may then be `/kiosk` without any extra header). */
export const WORKER_URL = '/kiosk-sw.js';
/** The pages the worker controls: the kiosk and its sub-routes, never the console. */
export const SHELL_SCOPE = '/kiosk';
/** The page kept for a start without a network (index.html as the server answers `/kiosk`). */
export const SHELL_PAGE = '/kiosk';
/** Every cache of the worker starts with this; the rest is the build's hash (one cache per build). */
export const CACHE_PREFIX = 'wharf-kiosk-';

/** `page`: network first, the kept shell without one; `file`: from the cache; `network`: not the worker's business. */
export type ShellRoute = 'page' | 'file' | 'network';

export interface ShellRequest {
  method: string;
  url: string;
  mode: string;
}

const API_PREFIXES = ['/api/', '/wmsApi/'];

/** A path of the kiosk's pages (`/kiosk`, `/kiosk/handover` …) and not of anything else starting with the same letters. */
export const inShellScope = (path: string): boolean => path === SHELL_SCOPE || path.startsWith(`${SHELL_SCOPE}/`);

/** How the worker answers a request of a page it controls (origin: the worker's own). */
export function shellRoute(request: ShellRequest, origin: string, files: ReadonlySet<string>): ShellRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  // The API is never answered from, nor written to, the cache: a hand-over, a station check, a sign-in go to the server.
  if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return 'network';
  if (request.mode === 'navigate') return inShellScope(url.pathname) ? 'page' : 'network';
  return url.search === '' && files.has(url.pathname) ? 'file' : 'network';
}

/** The caches of other builds, which a new worker deletes once it is active. */
export const staleCaches = (names: readonly string[], current: string): string[] =>
  names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
