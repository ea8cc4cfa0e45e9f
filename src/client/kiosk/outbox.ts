/**
 * The hand-over outbox (issue 16 "Nothing signed is ever lost"): a signed hand-over is written here, in localStorage,
 * before it is sent, and stays until the server has answered it. No answer (the network) leaves it for the next try —
 * every few seconds and when the browser comes back online — with the same submissionId, so the server ships it once
 * however often it arrives. It goes with the station's own credentials and the session it was confirmed in (issue 25
 * item 4), so it leaves as soon as the network is back, signed in or not. Whatever the server answers, the signature is
 * then at the server (shipped, attached, or kept unattached for the office). A refusal (the server answered no: a
 * station revoked, a session too old) leaves the queue but is kept, with its reason, in the station's list of refused
 * hand-overs: the driver has signed, and an office user may need what was signed.
 */
import { proxy } from 'valtio';
import type { HandoverAnswer, StationHandoverRequest } from '../../shared/kiosk';
import { currentToken } from '../kit/session';
import { sendHandover } from './kioskApi';

const OUTBOX_STORAGE = 'wharf.kiosk.outbox';
const REFUSED_STORAGE = 'wharf.kiosk.refused';
/** How many refused hand-overs the station keeps (the newest). */
const REFUSED_KEPT = 20;
const RETRY_MS = 5000;

export interface RefusedHandover {
  request: StationHandoverRequest;
  message: string;
  refusedAt: string;
}

/** What the screens show: how many hand-overs wait to be sent, and the refused ones kept. */
export const outbox = proxy<{ pending: number; refused: number }>({ pending: 0, refused: 0 });

function read<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function write<T>(key: string, items: readonly T[]): void {
  localStorage.setItem(key, JSON.stringify(items));
}

function refresh(): void {
  outbox.pending = read<StationHandoverRequest>(OUTBOX_STORAGE).length;
  outbox.refused = read<RefusedHandover>(REFUSED_STORAGE).length;
}

/** The hand-overs waiting to be sent, oldest first. */
export const pendingHandovers = (): StationHandoverRequest[] => read<StationHandoverRequest>(OUTBOX_STORAGE);

/** Keeps a signed hand-over until the server has it. Throws when the browser cannot store it (then nothing is sent). */
export function keepHandover(request: StationHandoverRequest): void {
  const items = read<StationHandoverRequest>(OUTBOX_STORAGE).filter((item) => item.submissionId !== request.submissionId);
  write(OUTBOX_STORAGE, [...items, request]);
  refresh();
}

function drop(submissionId: string): void {
  write(
    OUTBOX_STORAGE,
    read<StationHandoverRequest>(OUTBOX_STORAGE).filter((item) => item.submissionId !== submissionId),
  );
}

/** How one try of a hand-over ended. */
export type Delivery =
  | { kind: 'sent'; answer: HandoverAnswer }
  | { kind: 'refused'; message: string }
  | { kind: 'waiting'; message: string };

const inFlight = new Map<string, Promise<Delivery>>();

/** Sends one kept hand-over (the same one is never sent twice at the same time). */
export function deliver(request: StationHandoverRequest): Promise<Delivery> {
  const running = inFlight.get(request.submissionId);
  if (running) return running;
  const attempt = (async (): Promise<Delivery> => {
    // Kept before issue 25 without the session it was confirmed in: it goes with the signed-in worker's, as it did then.
    const result = await sendHandover({ ...request, sessionToken: request.sessionToken || currentToken() || '' });
    if (result.ok) {
      drop(request.submissionId);
      refresh();
      return { kind: 'sent', answer: result.data };
    }
    // No answer or a server in trouble: try again later.
    if (result.status !== 200) return { kind: 'waiting', message: result.message };
    drop(request.submissionId);
    const refused = [
      ...read<RefusedHandover>(REFUSED_STORAGE),
      { request, message: result.message, refusedAt: new Date().toISOString() },
    ];
    write(REFUSED_STORAGE, refused.slice(-REFUSED_KEPT));
    refresh();
    return { kind: 'refused', message: result.message };
  })();
  inFlight.set(request.submissionId, attempt);
  void attempt.finally(() => inFlight.delete(request.submissionId));
  return attempt;
}

/** Sends every waiting hand-over, oldest first; reports each result. */
export async function flushOutbox(onResult?: (request: StationHandoverRequest, result: Delivery) => void): Promise<void> {
  for (const request of pendingHandovers()) {
    const result = await deliver(request);
    onResult?.(request, result);
    // The network is still down: the rest would fail the same way.
    if (result.kind === 'waiting') return;
  }
}

const listeners = new Set<(request: StationHandoverRequest, result: Delivery) => void>();

/** Hears the results of the background retries (the hand-over screen waits for its own). */
export function onOutboxResult(listener: (request: StationHandoverRequest, result: Delivery) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts the retries (every few seconds, and at once when the browser is online again); returns the stop. */
export function startOutbox(canSend: () => boolean): () => void {
  refresh();
  const tick = () => {
    if (!canSend() || pendingHandovers().length === 0) return;
    void flushOutbox((request, result) => {
      for (const listener of listeners) listener(request, result);
    });
  };
  const timer = setInterval(tick, RETRY_MS);
  window.addEventListener('online', tick);
  tick();
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', tick);
  };
}
