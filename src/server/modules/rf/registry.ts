/**
 * The fixed registry of RF server actions (README "Registry"): the names configuration may give to
 * `dialogExecSp` (exec), `dialogListSourceExecSp` (list) and `execSpBeforeNext` (beforeNext). Nothing else runs.
 * Each action declares the permission of the console route whose service it calls; the runtime checks it, and the
 * flow's warehouse and client grants, before running it.
 */
import { INQUIRY_ACTIONS } from './actions/inquiry';
import { PICK_ACTIONS } from './actions/pick';
import { RECEIVE_ACTIONS } from './actions/receive';
import type { RfAction } from './actions/types';

export type RfActionKind = 'exec' | 'list' | 'beforeNext';

/** Every action, by kind and name. */
export const ACTIONS: readonly RfAction[] = [...INQUIRY_ACTIONS, ...RECEIVE_ACTIONS, ...PICK_ACTIONS];

/** The registered names of each kind. */
export const REGISTERED: Record<RfActionKind, Set<string>> = { exec: new Set(), list: new Set(), beforeNext: new Set() };
for (const action of ACTIONS) REGISTERED[action.kind].add(action.name);

/** Whether configuration may name this action for this kind. */
export function isRegisteredAction(kind: RfActionKind, name: string): boolean {
  return REGISTERED[kind].has(name);
}

/** The action of a kind by name, or null. */
export function actionOf<K extends RfActionKind>(kind: K, name: string): Extract<RfAction, { kind: K }> | null {
  const found = ACTIONS.find((a) => a.kind === kind && a.name === name);
  return (found ?? null) as Extract<RfAction, { kind: K }> | null;
}
