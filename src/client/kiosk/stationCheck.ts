/**
 * What a dock station needs of its browser (issue 25 item 1), checked once at start: the station refuses to start —
 * a full-screen message in both languages (`KioskUnsupported`) — rather than fail later at a driver's confirmation.
 * - random values (`crypto.getRandomValues`: the station key and the submission ids; present in every context, plain
 *   http:// too — nothing here uses `crypto.randomUUID`, which exists only in a secure context);
 * - storage that keeps what is written (localStorage: the key, the outbox, a signed draft; sessionStorage: the session).
 * A plain-HTTP address is not refused (the station works), but the sign-in screen says the connection is not encrypted.
 */

export type StationProblem = 'random' | 'storage';

function storageWorks(storage: () => Storage): boolean {
  const probe = 'wharf.kiosk.probe';
  try {
    const store = storage();
    store.setItem(probe, probe);
    const kept = store.getItem(probe) === probe;
    store.removeItem(probe);
    return kept;
  } catch {
    return false;
  }
}

function randomWorks(): boolean {
  try {
    const bytes = new Uint8Array(8);
    globalThis.crypto.getRandomValues(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The reasons this browser cannot be a station; empty when it can. */
export function stationProblems(): StationProblem[] {
  const problems: StationProblem[] = [];
  if (!randomWorks()) problems.push('random');
  if (!storageWorks(() => localStorage) || !storageWorks(() => sessionStorage)) problems.push('storage');
  return problems;
}
