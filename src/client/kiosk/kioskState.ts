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

// The last configuration the server gave (localStorage): a station started without a network still has a home.
const STATION_STORAGE = 'wharf.kiosk.station';

/** Keeps the station's configuration for a start without a network. */
export function rememberStation(config: StationConfig): void {
  try {
    localStorage.setItem(STATION_STORAGE, JSON.stringify(config));
  } catch {
    // Not kept: a start without a network waits for the server.
  }
}

/** Forgets the kept configuration (the station enrols again). */
export function forgetStation(): void {
  kiosk.station = null;
  localStorage.removeItem(STATION_STORAGE);
}

/** The configuration kept by the last successful check, if any. */
export function lastStation(): StationConfig | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STATION_STORAGE) ?? 'null');
    return typeof value === 'object' && value !== null && 'whId' in value && 'flows' in value ? (value as StationConfig) : null;
  } catch {
    return null;
  }
}

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
