/** What the kiosk screens share: the station as the server describes it, and who is signed in at it. */
import { proxy } from 'valtio';
import { KIOSK_FLOWS, type KioskFlow, type StationConfig } from '../../shared/kiosk';

export interface KioskState {
  /** Null until the station is known to be active. */
  station: StationConfig | null;
  /** The signed-in user's name and the flows they may use here (empty when nobody is signed in). */
  userName: string;
  flows: KioskFlow[];
}

// Kept with the session token (sessionStorage), so a reload of the station keeps the worker's tiles.
const USER_STORAGE = 'wharf.kiosk.user';

function readUser(): Pick<KioskState, 'userName' | 'flows'> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(USER_STORAGE) ?? 'null');
    if (typeof value === 'object' && value !== null && 'userName' in value && 'flows' in value && Array.isArray(value.flows)) {
      const flows = value.flows.filter((flow): flow is KioskFlow => (KIOSK_FLOWS as readonly unknown[]).includes(flow));
      return { userName: String(value.userName), flows };
    }
  } catch {
    // Nothing kept: no tiles until the next sign-in.
  }
  return { userName: '', flows: [] };
}

export const kiosk = proxy<KioskState>({ station: null, ...readUser() });

/** The worker just signed in: their name and flows. */
export function rememberKioskUser(userName: string, flows: readonly KioskFlow[]): void {
  kiosk.userName = userName;
  kiosk.flows = [...flows];
  sessionStorage.setItem(USER_STORAGE, JSON.stringify({ userName, flows }));
}

export function forgetKioskUser(): void {
  kiosk.userName = '';
  kiosk.flows = [];
  sessionStorage.removeItem(USER_STORAGE);
}
