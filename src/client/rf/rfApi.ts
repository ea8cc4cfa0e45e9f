/**
 * The handheld's calls (`/rfDialog/*`, contract in src/shared/rf.ts). Refusals are not toasted: the handheld shows
 * them on its own message line, where a worker with a scanner in hand looks.
 */
import type { OptionEntry } from '../../shared/lookups';
import type { RfAnswer, RfHome, RfKey, RfListRow } from '../../shared/rf';
import { SUCCESS } from '../../shared/wire';
import { ApiError, apiPost } from '../kit/api';
import { translate } from '../kit/i18n';

/** An answer, or the message to show instead (a refusal, or no connection). */
export type RfResult<T> = { ok: true; data: T } | { ok: false; message: string };

async function call<T>(url: string, body: object): Promise<RfResult<T>> {
  try {
    const envelope = await apiPost<T>(url, body, { silent: true });
    if (envelope.code === SUCCESS && envelope.data !== null && envelope.data !== undefined) {
      return { ok: true, data: envelope.data };
    }
    return { ok: false, message: envelope.msg || translate('api.failed') };
  } catch (error) {
    // HTTP failures were handled by the api client (login screen, error page); the message says what happened.
    return { ok: false, message: error instanceof ApiError ? error.message : translate('api.failed') };
  }
}

/** Where the worker works (warehouse, client, device) and the flows they may start; names a new place to move. */
export const getRfHome = (place: { whId?: string; clientCode?: string }) => call<RfHome>('/rfDialog/getRfFunctionProcess', place);

/** What getRfDialogForm takes: a flow to start (or none: the running dialog, resumed). */
export interface RfStart {
  mainProcessName?: string;
  subProcessName?: string;
  whId?: string;
  clientCode?: string;
  localeId?: number;
}

export const getRfDialog = (start: RfStart) => call<RfAnswer>('/rfDialog/getRfDialogForm', start);

/** Answers the dialog of `step` with Enter (the input) or a function key. */
export const confirmRf = (step: number, key: RfKey, input?: string) =>
  call<RfAnswer>('/rfDialog/confirmRfDialog', input === undefined ? { step, key } : { step, key, input });

export const getRfList = (step: number) => call<RfListRow[]>('/rfDialog/getRfDialogList', { step });

export const bindRfFork = (whId: string, forkId: string) =>
  call<{ forkId: string }>('/rfDialog/bindRfUserFork', { whId, forkId });

/** A choice list of `/globalOptions/*` (warehouses, clients, devices); [] when refused. */
export async function rfOptions(name: 'getWhse' | 'getClient' | 'getFork', body: object): Promise<OptionEntry[]> {
  const answer = await call<OptionEntry[]>(`/globalOptions/${name}`, body);
  return answer.ok && Array.isArray(answer.data) ? answer.data : [];
}
