/**
 * COUNT (README "Seeded flows"): a count task (its number, or a location with an open task) → location scan →
 * quantity counted → the generic `tblCycleCountTask/save` of the console (the engine's `saveRow` with the count
 * entry hook `enterCount`, permission tblCycleCountTask edit). The count is blind: the book quantity is not shown.
 * Units counted of a serial-controlled item: one serial per unit at `CNT_SN` (branch 1 of the quantity), then the save.
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import { findPage, saveRow } from '../../../crud/crud.service';
import { AppError } from '../../../platform/errors';
import { CYCLE_COUNT_BINDING } from '../../cyclecount/cyclecount.bindings';
import { toMilli } from '../../inventory/ledger.service';
import { countableSerial, isSerialItem, serialState } from '../../serials/serials.service';
import { requireCode, requireQty, sameCode, scannedSerial, serialValues } from './common';
import type { RfAction, RfContext, RfResult } from './types';

const COUNT = permission('tblCycleCountTask', 'edit');
type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The open (N) task of the place a code names: its number, else the first at that location. */
async function openTask(ctx: RfContext, code: string): Promise<Row | null> {
  const { rows } = await sql<{ workQId: string }>`
    select t.work_q_id from tbl_cycle_count_task t
    left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
    where t.wh_id = ${ctx.whId} and t.status = 'N' and (i.client_code is null or i.client_code = ${ctx.clientCode})
      and (t.work_q_id = ${code} or t.location_id = ${code})
    order by (t.work_q_id = ${code}) desc, t.work_q_id limit 1`.execute(ctx.db);
  const workQId = rows[0]?.workQId;
  if (!workQId) return null;
  const page = await findPage(ctx.db, CYCLE_COUNT_BINDING, ctx.user, {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { whId: ctx.whId, workQId: { value: workQId, exact: true } },
  });
  return page.content[0] ?? null;
}

const COUNT_VALUES = ['countTaskId', 'locationId', 'itemNumber', 'lotNumber', 'huId', 'scanLocation', 'countQty'] as const;
const SERIAL_VALUES = ['serialScan', 'serials', 'serialCount', 'serialsNeeded'] as const;
const cleared = (names: readonly string[]) => Object.fromEntries(names.map((k) => [k, null])) as Record<string, null>;

/** The count of the flow's task (with the serials found) through the task's generic save; the flow's task cleared. */
async function saveCount(ctx: RfContext, qty: string, serials: readonly string[] | null): Promise<RfResult> {
  const task = await openTask(ctx, ctx.values.workQId ?? '');
  if (!task || String(task.id) !== ctx.values.countTaskId) {
    throw new AppError('rfCountTaskNotFound', { code: ctx.values.workQId ?? '' });
  }
  await saveRow(ctx.db, CYCLE_COUNT_BINDING, ctx.user, {
    ...task,
    cycleCountQty: qty,
    serialNumbers: serials ? serials.join('\n') : null,
  });
  return {
    values: { ...cleared(COUNT_VALUES), ...cleared(SERIAL_VALUES) },
    message: { key: 'rf.msg.counted', params: { workQId: ctx.values.workQId ?? '', qty } },
  };
}

export const COUNT_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'count.task',
    permission: COUNT,
    doc: 'A count task number, or a location with an open task: the open (N) task of the warehouse whose item is the client’s (rfCountTaskNotFound); read through the count task page (tblCycleCountTask findPage).',
    async run(ctx) {
      const code = requireCode(ctx.input, 'rf.field.code', 60);
      const task = await openTask(ctx, code);
      if (!task) throw new AppError('rfCountTaskNotFound', { code });
      return {
        values: {
          countTaskId: String(task.id),
          workQId: String(task.workQId),
          locationId: String(task.locationId),
          itemNumber: text(task.itemNumber),
          lotNumber: text(task.lotNumber),
          huId: text(task.huId),
          countQty: null,
          scanLocation: null,
          ...cleared(SERIAL_VALUES),
        },
      };
    },
  },
  {
    kind: 'list',
    name: 'count.tasks',
    permission: COUNT,
    doc: 'Open count tasks of the warehouse and client, by location.',
    async list(ctx) {
      const { rows } = await sql<{ workQId: string; locationId: string; itemNumber: string | null; huId: string | null }>`
        select t.work_q_id, t.location_id, t.item_number, t.hu_id from tbl_cycle_count_task t
        left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
        where t.wh_id = ${ctx.whId} and t.status = 'N' and (i.client_code is null or i.client_code = ${ctx.clientCode})
        order by t.location_id, t.work_q_id limit 200`.execute(ctx.db);
      // Two pallets of one item at one location are two tasks: the pallet tells them apart.
      return rows.map((r) => ({
        value: r.workQId,
        label: `${r.locationId} · ${r.workQId}`,
        detail: [r.itemNumber, r.huId].filter(Boolean).join(' · ') || null,
      }));
    },
  },
  {
    kind: 'exec',
    name: 'count.location',
    permission: COUNT,
    doc: 'The location scanned must be the task’s (rfWrongLocation).',
    async run(ctx) {
      if (!sameCode(ctx.input, ctx.values.locationId)) {
        throw new AppError('rfWrongLocation', { locationId: ctx.input, expected: ctx.values.locationId ?? '' });
      }
      return { values: { scanLocation: ctx.values.locationId ?? '' } };
    },
  },
  {
    kind: 'exec',
    name: 'count.enter',
    permission: COUNT,
    doc: 'The quantity counted (qtyNonNegative) → the count task’s generic save (saveRow + enterCount: status, lot, pallet, book quantity read now, COUNT log row). Units of a serial-controlled item: a whole number (serialCountMismatch), then branch 1, the serial step once per unit.',
    async run(ctx) {
      const qty = requireQty(ctx.input, 'qtyNonNegative');
      const itemNumber = ctx.values.itemNumber ?? '';
      if (toMilli(qty) === 0n || !itemNumber || !(await isSerialItem(ctx.db, ctx.whId, itemNumber))) {
        return saveCount(ctx, qty, null);
      }
      if (toMilli(qty) % 1000n !== 0n) throw new AppError('serialCountMismatch', { itemNumber, qty, count: 0 });
      return { values: { countQty: qty, serials: '', serialCount: '0', serialsNeeded: String(Number(qty)) }, branch: 1 };
    },
  },
  {
    kind: 'exec',
    name: 'count.serial',
    permission: COUNT,
    doc: 'One serial of the units counted (the item label’s GS1 AI 21, or typed): in stock at the task’s location, pallet and lot, or in stock nowhere (serialTwice names where it is), not scanned before (serialTwice). Branch 1 until one per unit; then the save, as count.enter.',
    async run(ctx) {
      const itemNumber = ctx.values.itemNumber ?? '';
      const { serial, serials } = await scannedSerial(ctx, itemNumber);
      const row = await serialState(ctx.db, ctx.whId, itemNumber, serial);
      const place = {
        locationId: ctx.values.locationId ?? '',
        huId: ctx.values.huId || null,
        lotNumber: ctx.values.lotNumber || null,
      };
      if (!countableSerial(row, place)) {
        throw new AppError('serialTwice', { serialNumber: serial, itemNumber, locationId: row?.locationId ?? '—' });
      }
      if (serials.length < Number(ctx.values.serialsNeeded ?? '0')) return { values: serialValues(serials), branch: 1 };
      return saveCount(ctx, ctx.values.countQty ?? '', serials);
    },
  },
];
