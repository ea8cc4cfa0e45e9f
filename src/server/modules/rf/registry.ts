/**
 * The fixed registry of RF server actions (README "Registry"): the names configuration may give to
 * `dialogExecSp` (exec), `dialogListSourceExecSp` (list) and `execSpBeforeNext` (beforeNext). Nothing else runs.
 */
export type RfActionKind = 'exec' | 'list' | 'beforeNext';

/** The registered names of each kind (filled by the runtime's action modules). */
export const REGISTERED: Record<RfActionKind, Set<string>> = { exec: new Set(), list: new Set(), beforeNext: new Set() };

/** Whether configuration may name this action for this kind. */
export function isRegisteredAction(kind: RfActionKind, name: string): boolean {
  return REGISTERED[kind].has(name);
}
