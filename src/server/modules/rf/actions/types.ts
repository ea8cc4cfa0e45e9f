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
  /**
   * The clients of the warehouse this flow may serve (the flow's client first): at a dock station every client of the
   * station's warehouse the user is granted (write), elsewhere only the flow's client (README "Clients at a station").
   */
  clients: readonly string[];
  values: Readonly<RfValues>;
  input: string;
}

/** A success: values to merge (null removes one), the branch taken (dynamicProcessName1/2), a success line. */
export interface RfResult {
  values?: Record<string, string | null>;
  branch?: 1 | 2;
  /** The client the step resolved from what was scanned (one of `clients`): the flow goes on for that client. */
  clientCode?: string;
  message?: { key: string; params?: ErrorParams };
}

interface RfActionBase {
  name: string;
  /** The `sys:…` permission(s) the console routes of the services it calls require (all of them). */
  permission: string | readonly string[];
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
