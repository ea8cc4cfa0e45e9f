/**
 * A signed hand-over not yet confirmed (issue 25 item 3): kept on the station (localStorage) from the moment the driver's
 * signature reaches the preview, so an idle sign-out — or a reload — does not throw away the signature and the scanned
 * cartons. The idle countdown says it is kept; the next sign-in at this station offers it again (home screen), and the
 * hand-over screen opens at its preview. Confirming moves it to the outbox; cancelling, going back to sign again, or
 * "Discard" on the home screen drops it. Not yet confirmed, it is not a proof and is never sent by itself.
 */
import { proxy } from 'valtio';
import type { KioskDelivery } from '../../shared/kiosk';

const DRAFT_STORAGE = 'wharf.kiosk.draft';

export interface HandoverDraft {
  stationId: number;
  delivery: KioskDelivery;
  loaded: string[];
  driverName: string;
  vehiclePlate: string;
  /** PNG, base64. */
  signaturePng: string;
  savedAt: string;
}

function isDraft(value: unknown): value is HandoverDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<HandoverDraft>;
  return (
    typeof draft.stationId === 'number' &&
    typeof draft.delivery?.deliveryNumber === 'string' &&
    Array.isArray(draft.delivery.cartons) &&
    Array.isArray(draft.loaded) &&
    typeof draft.driverName === 'string' &&
    typeof draft.vehiclePlate === 'string' &&
    typeof draft.signaturePng === 'string'
  );
}

function read(): HandoverDraft | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DRAFT_STORAGE) ?? 'null');
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/** The kept draft, for the screens (null when there is none). */
export const handoverDraft = proxy<{ current: HandoverDraft | null }>({ current: read() });

/** The draft of this station, if one is kept. */
export function draftOf(stationId: number): HandoverDraft | null {
  const current = handoverDraft.current;
  return current && current.stationId === stationId ? current : null;
}

/** Keeps the signed, unconfirmed hand-over (a full storage keeps it in memory only, until the page goes). */
export function keepDraft(draft: HandoverDraft): void {
  handoverDraft.current = draft;
  try {
    localStorage.setItem(DRAFT_STORAGE, JSON.stringify(draft));
  } catch {
    // The outbox, at the confirmation, says so if the storage is full.
  }
}

export function dropDraft(): void {
  handoverDraft.current = null;
  try {
    localStorage.removeItem(DRAFT_STORAGE);
  } catch {
    // Nothing kept.
  }
}
