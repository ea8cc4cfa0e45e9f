/**
 * The dock station's offline shell (issue 25 item 14): a service worker, bundled by build.mjs to `/kiosk-sw.js` with
 * the list of the shell's files and the build's hash, registered by the kiosk only (scope `/kiosk`: the console is never
 * served from it). Installed, it keeps the kiosk's page and the files the kiosk needs to start — the entry and its
 * chunks, the kiosk's chunk, both languages' messages, the stylesheet, the kiosk's icons — in a cache named after the
 * build; once active it deletes the caches of other builds. A station reloaded without a network then starts from the
 * cache and shows its home and its outbox (KioskApp: the last known station, the outbox in localStorage) instead of
 * the browser's "No internet" page. Request by request: shellPolicy.ts.
 */
import { CACHE_PREFIX, SHELL_PAGE, type ShellRequest, shellRoute, staleCaches } from './shellPolicy';

/** Written by build.mjs: the build's hash and the paths of the shell's files. */
declare const __KIOSK_SHELL__: { version: string; files: string[] };

// The service worker's events and scope, as far as this worker uses them (the project's TypeScript knows the DOM only).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request & ShellRequest;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: { origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const shell = __KIOSK_SHELL__;
const cacheName = `${CACHE_PREFIX}${shell.version}`;
const files = new Set(shell.files);
/** A server that does not answer a page within this long is taken for absent: the kept shell shows. */
const PAGE_TIMEOUT_MS = 5000;

worker.addEventListener('install', (event) => {
  // All or nothing: a file that cannot be fetched fails the install, and the browser tries again later.
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll([SHELL_PAGE, ...files]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, cacheName).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

/** The page from the network (a new deployment is picked up at once); without an answer, the kept shell. */
async function page(request: Request): Promise<Response> {
  let answer: Response | null = null;
  try {
    answer = await Promise.race([
      fetch(request),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), PAGE_TIMEOUT_MS)),
    ]);
  } catch {
    // No network: the kept shell below.
  }
  // A proxy in front of a stopped server answers 502–504: the station is just as cut off.
  if (answer && answer.status < 500) return answer;
  const kept = await caches.match(SHELL_PAGE, { cacheName });
  return kept ?? answer ?? Response.error();
}

/** A file of the shell: hashed names never change, so the kept copy is the file; the network if it is not kept. */
async function file(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName, ignoreVary: true })) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const route = shellRoute(event.request, worker.location.origin, files);
  if (route === 'page') event.respondWith(page(event.request));
  else if (route === 'file') event.respondWith(file(event.request));
  // 'network': not answered here, so the browser fetches it as if there were no worker (and nothing of it is kept).
});
