/**
 * The cycle count calls the console makes (cc-contract.md, issue 14): their bodies and answers, the permission of
 * each, and the small rules the screen shares (which task statuses allow which action, the difference of a task).
 */
import { permission } from '../../../shared/permissions';
import type { EntityRow } from '../../kit/EntityListPage';

export const COUNT_ENTITY = 'tblCycleCountTask';

/** Every cycle count call is behind `sys:tblCycleCountTask:<action>`. */
export const COUNT_PERMISSION = {
  view: permission(COUNT_ENTITY, 'view'),
  add: permission(COUNT_ENTITY, 'add'),
  edit: permission(COUNT_ENTITY, 'edit'),
  delete: permission(COUNT_ENTITY, 'delete'),
} as const;

export const COUNT_URLS = {
  list: '/Wms/TblCycleCountTask',
  byLocItem: `/${COUNT_ENTITY}/generateCountTaskByLocItem`,
  byPercent: `/${COUNT_ENTITY}/generateCountTaskByPercent`,
  byTranType: `/${COUNT_ENTITY}/generateCountTaskByTranType`,
  adjustment: `/${COUNT_ENTITY}/generateAdjustmentTask`,
  recount: `/${COUNT_ENTITY}/requestRecount`,
  tranTypes: '/tranLog/getTranTypes',
} as const;

/** The three generate calls: how many tasks were made, and the first and last number of the COUNT series. */
export interface GeneratedTasks {
  count: number;
  firstWorkQId: string | null;
  lastWorkQId: string | null;
}

/** `generateAdjustmentTask`: the adjustment task (null when no counted task had a difference), its lines, the tasks. */
export interface GeneratedAdjustment {
  adjustmentTaskId: string | null;
  lines: number;
  tasks: number;
}

/** Count-task statuses (docs/flows.md): N to count → C counted → A adjustment generated. */
export const isOpen = (row: EntityRow): boolean => row.status === 'N';
export const isCounted = (row: EntityRow): boolean => row.status === 'C';

/** All rows of one warehouse: the batch calls take one `whId`. */
export const sameWarehouse = (rows: readonly EntityRow[]): boolean => rows.every((r) => r.whId === rows[0]?.whId);

const blank = (value: unknown): boolean => value === null || value === undefined || value === '';

/**
 * Counted − book, exact in thousandths (quantities have up to 3 decimals); null until both are known (the server
 * answers the book quantity only once a task is counted: counting is blind).
 */
export function difference(row: EntityRow): number | null {
  if (blank(row.cycleCountQty) || blank(row.logicQty)) return null;
  const milli = (value: unknown) => Math.round(Number(value) * 1000);
  return (milli(row.cycleCountQty) - milli(row.logicQty)) / 1000;
}

/** A difference as the list shows it: signed, without trailing zeros. */
export function differenceText(row: EntityRow): string {
  const value = difference(row);
  if (value === null) return '';
  return value > 0 ? `+${value}` : String(value);
}
