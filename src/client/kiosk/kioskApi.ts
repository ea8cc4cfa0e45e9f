/**
 * The station's calls (contract in src/shared/kiosk.ts). Nothing is toasted and no error page shows: the kiosk says
 * every refusal on its own screen, and tells a refusal (the server answered) from no answer at all (the network),
 * which the hand-over outbox needs to know.
 */
import type {
  BadgeLoginRequest,
  EnrolAnswer,
  HandoverAnswer,
  KioskDelivery,
  KioskLoginAnswer,
  KioskSessionInfo,
  PinLoginRequest,
  StationHandoverRequest,
  StationState,
} from '../../shared/kiosk';
import { SUCCESS } from '../../shared/wire';
import { ApiError, apiPost } from '../kit/api';
import { translate } from '../kit/i18n';
import { session, signOut } from '../kit/session';
import { noteAnswer } from './offline/connection';

/** An answer; a refusal (`status` the HTTP status, 200 for a business refusal); or no answer (`status` 0). */
export type KioskResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** Called when a call of the signed-in session answers 401: the session is over (the kiosk shows its sign-in). */
let onSessionLost: () => void = () => undefined;
export function whenSessionLost(handler: () => void): void {
  onSessionLost = handler;
}

async function call<T>(url: string, body: object): Promise<KioskResult<T>> {
  try {
    const envelope = await apiPost<T>(url, body, { silent: true, inline: true });
    noteAnswer(true);
    if (envelope.code === SUCCESS && envelope.data !== null && envelope.data !== undefined)
      return { ok: true, data: envelope.data };
    return { ok: false, status: 200, message: envelope.msg || translate('api.failed') };
  } catch (error) {
    // Any answer, even a refusal, means the server is there; none (status 0) means the station is offline
    // (offline/connection.ts).
    noteAnswer(error instanceof ApiError && error.status !== 0);
    if (error instanceof ApiError) {
      if ((error.status === 401 || error.status === 405) && session.token) {
        signOut();
        onSessionLost();
      }
      return { ok: false, status: error.status, message: error.message };
    }
    return { ok: false, status: 0, message: translate('api.unreachable') };
  }
}

export const enrolStation = (stationKey: string) => call<EnrolAnswer>('/kiosk/enrol', { stationKey });
export const stationState = () => call<StationState>('/kiosk/station', {});
export const loginByBadge = (body: BadgeLoginRequest) => call<KioskLoginAnswer>('/kiosk/login/badge', body);
export const loginByPin = (body: PinLoginRequest) => call<KioskLoginAnswer>('/kiosk/login/pin', body);
/** The signed-in worker and their flows (a reload of the station asks again). */
export const kioskSession = () => call<KioskSessionInfo>('/kiosk/session', {});
export const findDelivery = (scan: string) => call<KioskDelivery>('/kiosk/delivery/find', { scan });
/**
 * A kept hand-over, sent with the station's own credentials (its key, and the session it was confirmed in): it goes as
 * soon as the network is there, whether anyone is signed in or not (issue 25 item 4).
 */
export const sendHandover = (request: StationHandoverRequest) => call<HandoverAnswer>('/kiosk/station/handover', request);

/** Ends the signed-in session at the server (best effort) and here. */
export async function logoutKiosk(): Promise<void> {
  const user = session.user;
  if (session.token) {
    try {
      await apiPost('/logout', { user }, { silent: true, inline: true });
    } catch {
      // The session ends here anyway: the station must be free for the next worker.
    }
  }
  signOut();
}
