import type { ErrorParams } from '../../../../shared/errors';
import type { RfListRow } from '../../../../shared/rf';
import type { LanguageCode } from '../../../../shared/wire';
import type { Db } from '../../../db/connect';
import type { SessionUser } from '../../../platform/context';

/** The flow's collected values (input fields and what actions answered), all text. */
export type RfValues = Record<string, string>;

/** What an action sees: who, where, the flow's values and the input of this step (already trimmed, default filled). */
export interface RfContext {
  db: Db;
  user: SessionUser;
  lang: LanguageCode;
  whId: string;
  clientCode: string;
  values: Readonly<RfValues>;
  input: string;
}

/** A success: values to merge (null removes one), the branch taken (dynamicProcessName1/2), a success line. */
export interface RfResult {
  values?: Record<string, string | null>;
  branch?: 1 | 2;
  message?: { key: string; params?: ErrorParams };
}

interface RfActionBase {
  name: string;
  /** The `sys:…` permission the console route of the same service requires. */
  permission: string;
  /** What it checks and calls (README "Registry"). */
  doc: string;
}

/** `dialogExecSp` (Enter) or `execSpBeforeNext` (a function key): refuses by throwing AppError. */
export interface RfExecAction extends RfActionBase {
  kind: 'exec' | 'beforeNext';
  run(ctx: RfContext): Promise<RfResult>;
}

/** `dialogListSourceExecSp`: the rows a dialog offers (≤ 200). */
export interface RfListAction extends RfActionBase {
  kind: 'list';
  list(ctx: RfContext): Promise<RfListRow[]>;
}

export type RfAction = RfExecAction | RfListAction;
