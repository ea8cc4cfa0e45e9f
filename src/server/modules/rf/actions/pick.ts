/**
 * PICK (README "Seeded flows"): wave → the next open pick task of the wave and client (shown in the headers) →
 * location scan → item scan → quantity → `completeWavePick`; F1 → quantity found → `pickLocShortage` — the pick task
 * screen's services (`tWavePickTask/completeWavePick`, `pickLocShortage`, permission tWavePickTask edit). After each
 * task the next one follows; when none is left, branch 1 (back to the wave step). A serial-controlled item asks one serial
 * per unit picked — or per unit found at a short pick (`serialsFor` short) — at `PCK_SN` (branch 2) before the call.
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import { AppError } from '../../../platform/errors';
import { toMilli } from '../../inventory/ledger.service';
import { completeWavePick, pickLocShortage } from '../../outbound/picking.service';
import { isSerialItem, serialAt } from '../../serials/serials.service';
import { gs1Of, requireCode, requireQty, sameCode, scannedItem, scannedSerial, serialValues } from './common';
import type { RfAction, RfContext, RfResult } from './types';

const PICK = permission('tWavePickTask', 'edit');

interface OpenTask {
  id: number;
  pickId: string;
  pickLocation: string;
  itemNumber: string;
  description: string | null;
  lotNumber: string | null;
  mHuId: string | null;
  openQty: string;
  uom: string;
}

const TASK_VALUES = [
  'taskId',
  'pickId',
  'pickLocation',
  'itemNumber',
  'itemDescription',
  'lotNumber',
  'huId',
  'openQty',
  'uom',
  'scanLocation',
  'scanItem',
  'pickQty',
  'qtyFound',
  'serialScan',
  'serials',
  'serialCount',
  'serialsNeeded',
  'serialsFor',
] as const;

/** The wave's next open task of the client, in picking order. */
async function nextTask(ctx: RfContext, waveId: string): Promise<OpenTask | null> {
  const { rows } = await sql<OpenTask>`
    select t.id, t.pick_id, t.pick_location, t.item_number, i.description, t.lot_number, t.m_hu_id, i.uom,
      trim_scale(t.quantity - t.picked_qty - t.short_qty)::text as open_qty
    from t_wave_pick_task t join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
    where t.wh_id = ${ctx.whId} and t.wave_id = ${waveId} and t.client_code = ${ctx.clientCode} and t.status = 'O'
    order by t.picking_flow nulls last, t.pick_location, t.id
    limit 1`.execute(ctx.db);
  return rows[0] ?? null;
}

function taskValues(task: OpenTask | null): Record<string, string | null> {
  const values: Record<string, string | null> = Object.fromEntries(TASK_VALUES.map((k) => [k, null]));
  if (!task) return values;
  return {
    ...values,
    taskId: String(task.id),
    pickId: task.pickId,
    pickLocation: task.pickLocation,
    itemNumber: task.itemNumber,
    itemDescription: task.description ?? '',
    lotNumber: task.lotNumber,
    huId: task.mHuId,
    openQty: task.openQty,
    uom: task.uom,
  };
}

/** Picks the quantity (with its serials) through completeWavePick; the rest of the task, the next task or the wave done. */
async function confirmPick(ctx: RfContext, qty: string, serials: readonly string[] | null): Promise<RfResult> {
  const answer = await completeWavePick(
    ctx.db,
    {
      id: currentTask(ctx),
      qty,
      locationId: ctx.values.pickLocation ?? '',
      lotNumber: ctx.values.lotNumber || null,
      huId: ctx.values.huId || null,
      serialNumbers: serials,
    },
    ctx.user,
  );
  const params = { qty: answer.pickedQty, itemNumber: ctx.values.itemNumber ?? '', pickId: ctx.values.pickId ?? '' };
  if (answer.status === 'O') {
    return {
      values: { openQty: answer.openQty, pickQty: null, scanItem: null, serials: null, serialCount: null, serialsNeeded: null },
      message: { key: 'rf.msg.pickedPart', params: { ...params, open: answer.openQty } },
    };
  }
  return onward(ctx, { key: 'rf.msg.picked', params });
}

/** The short pick of the current task with the quantity found (and its serials); then the next task, or branch 1. */
async function confirmShort(ctx: RfContext, found: string, serials: readonly string[] | null): Promise<RfResult> {
  const answer = await pickLocShortage(ctx.db, { id: currentTask(ctx), qtyFound: found, serialNumbers: serials }, ctx.user);
  return onward(ctx, {
    key: 'rf.msg.shortPicked',
    params: { pickId: ctx.values.pickId ?? '', short: answer.shortQty, qty: answer.pickedQty },
  });
}

/** The serial step (branch 2) for `qty` units of a serial-controlled item: a whole number (serialCountMismatch). */
function askSerials(itemNumber: string, qty: string, serialsFor: 'pick' | 'short'): RfResult {
  if (!Number.isInteger(Number(qty))) throw new AppError('serialCountMismatch', { itemNumber, qty, count: 0 });
  return { values: { serials: '', serialCount: '0', serialsNeeded: String(Number(qty)), serialsFor }, branch: 2 };
}

/** After a pick or a short pick: the next task, or branch 1 when the wave has none left for this client. */
async function onward(ctx: RfContext, done: { key: string; params: Record<string, string> }): Promise<RfResult> {
  const waveId = ctx.values.waveId ?? '';
  const task = await nextTask(ctx, waveId);
  if (task) return { values: taskValues(task), message: done };
  return {
    values: { ...taskValues(null), waveId: null },
    branch: 1,
    message: { key: 'rf.msg.waveDone', params: { ...done.params, waveId } },
  };
}

function currentTask(ctx: RfContext): number {
  const id = Number(ctx.values.taskId);
  if (!Number.isInteger(id) || id <= 0) throw new AppError('rfNoTask');
  return id;
}

export const PICK_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'pick.wave',
    permission: PICK,
    doc: 'The wave scanned: of the warehouse, released or picking (waveNotPickable), with an open task of the client (rfWaveNoOpenTask); the first task fills the values.',
    async run(ctx) {
      const waveId = requireCode(ctx.input, 'rf.field.waveId', 30);
      const { rows } = await sql<{ status: string }>`
        select status from t_wave_master where wh_id = ${ctx.whId} and wave_id = ${waveId}`.execute(ctx.db);
      const wave = rows[0];
      if (!wave) throw new AppError('waveNotFound', { waveId });
      if (wave.status !== 'R' && wave.status !== 'P') {
        throw new AppError('waveNotPickable', { waveId, status: `code.waveStatus.${wave.status}` });
      }
      const task = await nextTask(ctx, waveId);
      if (!task) throw new AppError('rfWaveNoOpenTask', { waveId, clientCode: ctx.clientCode });
      return { values: { ...taskValues(task), waveId } };
    },
  },
  {
    kind: 'list',
    name: 'pick.waves',
    permission: PICK,
    doc: 'Waves of the warehouse with open pick tasks of the client, and how many.',
    async list(ctx) {
      const { rows } = await sql<{ waveId: string; open: number }>`
        select wave_id, count(*)::int as open from t_wave_pick_task
        where wh_id = ${ctx.whId} and client_code = ${ctx.clientCode} and status = 'O'
        group by wave_id order by wave_id limit 200`.execute(ctx.db);
      return rows.map((r) => ({ value: r.waveId, label: r.waveId, detail: String(r.open) }));
    },
  },
  {
    kind: 'exec',
    name: 'pick.location',
    permission: PICK,
    doc: 'The location scanned must be the task’s pick location (pickLocationMismatch, the service’s message).',
    async run(ctx) {
      currentTask(ctx);
      if (!sameCode(ctx.input, ctx.values.pickLocation)) {
        throw new AppError('pickLocationMismatch', {
          pickId: ctx.values.pickId ?? '',
          locationId: ctx.values.pickLocation ?? '',
        });
      }
      return { values: { scanLocation: ctx.values.pickLocation ?? ctx.input } };
    },
  },
  {
    kind: 'exec',
    name: 'pick.item',
    permission: PICK,
    doc: 'The item scanned (item number, UPC or GS1 GTIN) must be the task’s item (rfWrongItem); a GS1 lot must be the task’s (pickLotMismatch); a GS1 count fills the quantity.',
    async run(ctx) {
      currentTask(ctx);
      const { item, gs1 } = await scannedItem(ctx, ctx.input);
      if (item.itemNumber !== ctx.values.itemNumber) {
        throw new AppError('rfWrongItem', { itemNumber: item.itemNumber, expected: ctx.values.itemNumber ?? '' });
      }
      if (gs1?.lot && gs1.lot !== (ctx.values.lotNumber ?? '')) {
        throw new AppError('pickLotMismatch', { pickId: ctx.values.pickId ?? '', lotNumber: ctx.values.lotNumber || '—' });
      }
      const values: Record<string, string> = { pickQty: gs1?.count ?? ctx.values.openQty ?? '' };
      return { values };
    },
  },
  {
    kind: 'exec',
    name: 'pick.confirm',
    permission: PICK,
    doc: 'The quantity picked (qtyPositive; a GS1 count) → completeWavePick at the task’s location, lot and pallet; then the next task, or branch 1 when the wave is done. A serial-controlled item answers branch 2: the serial step, once per unit (a whole number, serialCountMismatch).',
    async run(ctx) {
      const count = gs1Of(ctx.input)?.count;
      const qty = requireQty(count ?? ctx.input, 'qtyPositive');
      const itemNumber = ctx.values.itemNumber ?? '';
      if (!(await isSerialItem(ctx.db, ctx.whId, itemNumber))) return confirmPick(ctx, qty, null);
      const ask = askSerials(itemNumber, qty, 'pick');
      return { ...ask, values: { ...ask.values, pickQty: qty } };
    },
  },
  {
    kind: 'exec',
    name: 'pick.serial',
    permission: PICK,
    doc: 'One serial of the units picked (or found, at a short pick): the item label’s GS1 AI 21, or typed; in stock at the task’s location and pallet (serialNotHere), not scanned before (serialTwice). Branch 2 until one per unit is scanned; then completeWavePick with the serials, as pick.confirm — or pickLocShortage, as pick.short.',
    async run(ctx) {
      const itemNumber = ctx.values.itemNumber ?? '';
      const { serial, serials } = await scannedSerial(ctx, itemNumber);
      const place = { locationId: ctx.values.pickLocation ?? '', huId: ctx.values.huId || null };
      if (!(await serialAt(ctx.db, ctx.whId, itemNumber, serial, place))) {
        throw new AppError('serialNotHere', { serialNumber: serial, itemNumber, locationId: place.locationId });
      }
      if (serials.length < Number(ctx.values.serialsNeeded ?? '0')) return { values: serialValues(serials), branch: 2 };
      if (ctx.values.serialsFor === 'short') return confirmShort(ctx, ctx.values.qtyFound ?? '', serials);
      return confirmPick(ctx, ctx.values.pickQty ?? '', serials);
    },
  },
  {
    kind: 'exec',
    name: 'pick.short',
    permission: PICK,
    doc: 'F1 short pick: the quantity found at the location (qtyNonNegative, below the open quantity) → pickLocShortage; then the next task, or branch 1. Units found of a serial-controlled item: branch 2, the serial step once per unit found (below the open quantity first: shortFoundNotBelowOpen).',
    async run(ctx) {
      currentTask(ctx);
      const found = requireQty(ctx.input, 'qtyNonNegative');
      const itemNumber = ctx.values.itemNumber ?? '';
      if (toMilli(found) === 0n || !(await isSerialItem(ctx.db, ctx.whId, itemNumber))) return confirmShort(ctx, found, null);
      const open = ctx.values.openQty ?? '0';
      if (toMilli(found) >= toMilli(open)) throw new AppError('shortFoundNotBelowOpen', { qtyFound: found, open });
      const ask = askSerials(itemNumber, found, 'short');
      return { ...ask, values: { ...ask.values, qtyFound: found } };
    },
  },
];
