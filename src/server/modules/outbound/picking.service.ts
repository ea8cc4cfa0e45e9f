/**
 * Picking (`/tWavePickTask/completeWavePick`, `/tWavePickTask/pickLocShortage`). A task row is one reservation of one
 * ledger row for one pick detail. Each call is one transaction: the ledger keys it touches locked first (pick location,
 * the wave's staging location, and for a shortage every candidate row of the item), then the wave and the task rows.
 * A pick consumes the task's own allocation and moves the stock to the wave's staging location (PICK); a shortage
 * gives back the missing part's allocation (SHORT), holds the rest of the row for counting, and re-allocates the
 * missing quantity elsewhere for the same pick detail. Statuses: task O → K / S; pick detail O → K / S; wave R → P at
 * the first pick or shortage, → C when no task is open; order A → K at its first pick.
 */
import { sql } from 'kysely';
import { matchesRule } from '../../../shared/validation';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import type { Actor } from '../inventory/execute.service';
import {
  addStock,
  fromMilli,
  lockStockKeys,
  loggingRefusal,
  pickAllocated,
  type StockKey,
  setHold,
  type TranContext,
  toMilli,
  unallocateStock,
  writeTranLog,
} from '../inventory/ledger.service';
import { moveSerials } from '../serials/serials.service';
import {
  candidates,
  type DemandLine,
  insertTasks,
  lineKey,
  logShortages,
  minExpiryOf,
  pickIds,
  planLine,
  reserve,
  SHORT_ERROR_CODES,
  shelfLifeRule,
  shortDatedLines,
} from './allocation.service';

/** The body of completeWavePick: the quantity picked (base unit) and where it was picked, as allocated. */
export interface PickInput {
  id: number;
  qty: string | number;
  locationId: string;
  lotNumber?: string | null;
  huId?: string | null;
  /** A serial-controlled item: the serials picked, one per base unit (serials README). */
  serialNumbers?: readonly string[] | string | null;
}

/** The body of pickLocShortage: what was found at the location (0 … less than the open quantity). */
export interface ShortInput {
  id: number;
  qtyFound: string | number;
  /** A serial-controlled item: the serials of the units found (picked). */
  serialNumbers?: readonly string[] | string | null;
}

/** What completeWavePick answers. */
export interface PickAnswer {
  id: number;
  status: 'O' | 'K';
  pickedQty: string;
  openQty: string;
  stagingLocation: string;
}

/** What pickLocShortage answers: quantities in base units. */
export interface ShortAnswer {
  id: number;
  pickedQty: string;
  shortQty: string;
  reallocatedQty: string;
  unplannedQty: string;
}

/** The reason a short pick holds the rest of its stock row with, until it is counted. */
export const SHORT_HOLD_REASON = 'SHORT';

interface TaskRow {
  id: number;
  pickId: string;
  pickDetailId: number;
  whId: string;
  waveId: string;
  orderNumber: string;
  lineNumber: number;
  clientCode: string;
  itemNumber: string;
  lotNumber: string | null;
  mHuId: string | null;
  storedAttributeId: number | null;
  pickLocation: string;
  status: string;
  open: string;
  picked: string;
}

interface WaveInfo {
  status: string;
  stagingLocation: string | null;
  overrideWorkType: string | null;
  stagingHu: 'I' | 'H' | null;
}

const field = (name: string) => `entity.tWavePickTask.field.${name}`;
const blank = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

async function readTask(trx: Trx, id: number, lock: boolean): Promise<TaskRow> {
  const { rows } = await sql<TaskRow>`
    select id, pick_id, pick_detail_id, wh_id, wave_id, order_number, line_number, client_code, item_number, lot_number,
      m_hu_id, stored_attribute_id, pick_location, status,
      trim_scale(quantity - picked_qty - short_qty)::text as open, trim_scale(picked_qty)::text as picked
    from t_wave_pick_task where id = ${id} ${lock ? sql`for update` : sql``}`.execute(trx);
  const task = rows[0];
  if (!task) throw new AppError('notFound');
  return { ...task, storedAttributeId: task.storedAttributeId === null ? null : Number(task.storedAttributeId) };
}

async function readWave(trx: Trx, task: TaskRow): Promise<WaveInfo> {
  const { rows } = await sql<WaveInfo>`
    select w.status, w.staging_location, w.override_work_type, l.item_hu_indicator as staging_hu
    from t_wave_master w left join t_location l on l.wh_id = w.wh_id and l.location_id = w.staging_location
    where w.wh_id = ${task.whId} and w.wave_id = ${task.waveId} for update of w`.execute(trx);
  const wave = rows[0];
  if (!wave) throw new AppError('notFound');
  return wave;
}

/** Refuses a task the user may not act on, or one not open ("Operation failed. task is unavailable"). */
function requireOpen(actor: Actor, task: TaskRow): void {
  if (!grantsWarehouse(actor, task.whId)) throw new AppError('warehouseNotGranted', { whId: task.whId });
  if (!grantsClient(actor, task.whId, task.clientCode, 'write')) {
    throw new AppError('clientNotGranted', { clientCode: task.clientCode });
  }
  if (task.status !== 'O') {
    throw new AppError('taskUnavailable', { pickId: task.pickId, status: `code.pickStatus.${task.status}` });
  }
}

/** A wave released or picking, with a staging location to take the picked stock. */
function requirePickable(task: TaskRow, wave: WaveInfo): string {
  if (wave.status !== 'R' && wave.status !== 'P') {
    throw new AppError('waveNotPickable', { waveId: task.waveId, status: `code.waveStatus.${wave.status}` });
  }
  if (!wave.stagingLocation) throw new AppError('waveNoStagingLocation', { waveId: task.waveId });
  return wave.stagingLocation;
}

const sourceKey = (task: TaskRow): StockKey => ({
  whId: task.whId,
  locationId: task.pickLocation,
  itemNumber: task.itemNumber,
  lotNumber: task.lotNumber,
  huId: task.mHuId,
  storedAttributeId: task.storedAttributeId,
});

const stagingKey = (task: TaskRow, wave: WaveInfo, staging: string): StockKey => ({
  ...sourceKey(task),
  locationId: staging,
  // A pallet staging location keeps the pallet; an item location takes the stock off it.
  huId: wave.stagingHu === 'H' ? task.mHuId : null,
});

const context = (task: TaskRow, actor: Actor, tranType: string, to: string | null): TranContext => ({
  category: 'OUTBOUND',
  tranType,
  description: `${task.orderNumber}/${task.lineNumber}`,
  employeeId: actor.name,
  controlNumber: task.pickId,
  lineNumber: task.lineNumber,
  fromLocationId: task.pickLocation,
  toLocationId: to,
});

/**
 * Moves `qty` of the task's allocation from the pick location to the staging location, logged as one PICK row; the
 * serials of a serial-controlled item must be there and move with it.
 */
async function moveToStaging(
  trx: Trx,
  task: TaskRow,
  wave: WaveInfo,
  staging: string,
  qty: string,
  serials: unknown,
  actor: Actor,
) {
  const to = stagingKey(task, wave, staging);
  await moveSerials(
    trx,
    {
      whId: task.whId,
      itemNumber: task.itemNumber,
      lotNumber: task.lotNumber,
      from: { locationId: task.pickLocation, huId: task.mHuId },
      to: { locationId: to.locationId, huId: to.huId },
      qty,
      serials,
      event: 'PICK',
      document: { type: 'PICK', number: task.pickId, lineNumber: task.lineNumber },
      orderNumber: task.orderNumber,
    },
    actor,
  );
  const row = await pickAllocated(trx, sourceKey(task), qty, null);
  await addStock(trx, to, qty, { expirationDate: row.expirationDate, fifoDate: row.fifoDate }, null);
  await writeTranLog(trx, sourceKey(task), row.clientCode, qty, context(task, actor, 'PICK', staging));
}

/** The statuses after a pick or shortage: pick detail, wave (R → P → C) and order (A → K when something was picked). */
async function settle(trx: Trx, task: TaskRow, picked: boolean): Promise<void> {
  await sql`
    update t_pick_detail d set update_time = now(), status = case
      when exists (select 1 from t_wave_pick_task t where t.pick_detail_id = d.id and t.status = 'O') then 'O'
      when d.picked_qty > 0 then 'K' else 'S' end
    where d.id = ${task.pickDetailId}`.execute(trx);
  await sql`
    update t_wave_master set status = 'P', update_time = now()
    where wh_id = ${task.whId} and wave_id = ${task.waveId} and status = 'R'`.execute(trx);
  await sql`
    update t_wave_master set status = 'C', update_time = now()
    where wh_id = ${task.whId} and wave_id = ${task.waveId} and status = 'P'
      and not exists (select 1 from t_wave_pick_task t where t.wh_id = ${task.whId} and t.wave_id = ${task.waveId}
        and t.status = 'O')`.execute(trx);
  if (picked) {
    await sql`
      update t_order set status = 'K', update_time = now()
      where wh_id = ${task.whId} and order_number = ${task.orderNumber} and status = 'A'`.execute(trx);
  }
}

/** Locks the keys, then the wave and the task (re-read under its lock); answers both, checked. */
async function lockForPick(trx: Trx, id: number, actor: Actor, extraKeys: (task: TaskRow) => Promise<StockKey[]>) {
  const seen = await readTask(trx, id, false);
  requireOpen(actor, seen);
  const { rows } = await sql<{ stagingLocation: string | null; stagingHu: 'I' | 'H' | null }>`
    select w.staging_location, l.item_hu_indicator as staging_hu from t_wave_master w
    left join t_location l on l.wh_id = w.wh_id and l.location_id = w.staging_location
    where w.wh_id = ${seen.whId} and w.wave_id = ${seen.waveId}`.execute(trx);
  const staging = rows[0]?.stagingLocation ?? null;
  const keys = [sourceKey(seen), ...(await extraKeys(seen))];
  if (staging)
    keys.push(
      stagingKey(
        seen,
        { status: '', overrideWorkType: null, stagingHu: rows[0]?.stagingHu ?? null, stagingLocation: staging },
        staging,
      ),
    );
  await lockStockKeys(trx, keys);
  const wave = await readWave(trx, seen);
  const task = await readTask(trx, id, true);
  requireOpen(actor, task);
  return { task, wave, staging: requirePickable(task, wave) };
}

/** `completeWavePick` (see the file comment); a refusal is kept in the exception log. */
export async function completeWavePick(db: Db, input: PickInput, actor: Actor): Promise<PickAnswer> {
  return loggingRefusal(db, await refusal(db, input.id, 'PICK', actor), () =>
    inTransaction(db, async (trx) => {
      const qty = String(input.qty ?? '').trim();
      if (!matchesRule('qtyPositive', qty)) throw new AppError('fieldQtyPositive', { field: field('quantity') });
      const { task, wave, staging } = await lockForPick(trx, input.id, actor, async () => []);
      if (blank(input.locationId) !== task.pickLocation) {
        throw new AppError('pickLocationMismatch', { pickId: task.pickId, locationId: task.pickLocation });
      }
      if (blank(input.lotNumber) !== task.lotNumber) {
        throw new AppError('pickLotMismatch', { pickId: task.pickId, lotNumber: task.lotNumber ?? '—' });
      }
      if (blank(input.huId) !== task.mHuId) {
        throw new AppError('pickPalletMismatch', { pickId: task.pickId, huId: task.mHuId ?? '—' });
      }
      if (toMilli(qty) > toMilli(task.open)) throw new AppError('pickQtyAboveOpen', { qty, open: task.open });
      await moveToStaging(trx, task, wave, staging, qty, input.serialNumbers, actor);
      const { rows } = await sql<{ status: 'O' | 'K'; pickedQty: string; openQty: string }>`
        update t_wave_pick_task set picked_qty = picked_qty + ${qty}::numeric,
          status = case when picked_qty + short_qty + ${qty}::numeric >= quantity then 'K' else 'O' end,
          picked_by = ${actor.name}, picked_time = now(), update_time = now()
        where id = ${task.id} and status = 'O'
        returning status, trim_scale(picked_qty)::text as picked_qty,
          trim_scale(quantity - picked_qty - short_qty)::text as open_qty`.execute(trx);
      await sql`
        update t_pick_detail set picked_qty = picked_qty + ${qty}::numeric, staged_qty = staged_qty + ${qty}::numeric,
          update_time = now()
        where id = ${task.pickDetailId}`.execute(trx);
      await settle(trx, task, true);
      const row = rows[0];
      if (!row) throw new AppError('taskUnavailable', { pickId: task.pickId, status: `code.pickStatus.${task.status}` });
      return { id: task.id, ...row, stagingLocation: staging };
    }),
  );
}

/** What the exception log names for a refused pick: the task's warehouse and pick id (its row id when unknown). */
async function refusal(db: Db, id: number, tranType: string, actor: Actor) {
  const { rows } = await sql<{ whId: string; pickId: string }>`
    select wh_id, pick_id from t_wave_pick_task where id = ${id}`.execute(db);
  return {
    whId: rows[0]?.whId ?? '',
    category: 'OUTBOUND' as const,
    tranType,
    controlNumber: rows[0]?.pickId ?? String(id),
    user: actor.name,
  };
}

/** `pickLocShortage` (see the file comment); a refusal is kept in the exception log. */
export async function pickLocShortage(db: Db, input: ShortInput, actor: Actor): Promise<ShortAnswer> {
  return loggingRefusal(db, await refusal(db, input.id, 'SHORT', actor), () =>
    inTransaction(db, async (trx) => {
      const found = String(input.qtyFound ?? '').trim();
      if (!matchesRule('qtyNonNegative', found)) {
        throw new AppError('fieldQtyNonNegative', { field: field('qtyFound') });
      }
      const { task, wave, staging } = await lockForPick(trx, input.id, actor, (seen) =>
        candidates(trx, seen.whId, [seen.itemNumber]),
      );
      if (toMilli(found) >= toMilli(task.open))
        throw new AppError('shortFoundNotBelowOpen', { qtyFound: found, open: task.open });
      const missing = fromMilli(toMilli(task.open) - toMilli(found));
      if (toMilli(found) > 0n) await moveToStaging(trx, task, wave, staging, found, input.serialNumbers, actor);
      const row = await unallocateStock(trx, sourceKey(task), missing, context(task, actor, 'SHORT', null));
      // The rest of the row is doubtful until counted: held, with the SHORT reason (a held row's reservations stay pickable).
      if (row.status === 'A') {
        await setHold(trx, row.id, true, SHORT_HOLD_REASON, {
          ...context(task, actor, 'HOLD', null),
          description: SHORT_HOLD_REASON,
        });
      }
      await sql`
        update t_wave_pick_task set picked_qty = picked_qty + ${found}::numeric, short_qty = short_qty + ${missing}::numeric,
          status = 'S', picked_by = ${actor.name}, picked_time = now(), hold_reason_id = ${SHORT_HOLD_REASON},
          update_time = now()
        where id = ${task.id} and status = 'O'`.execute(trx);
      const demand = await detailLine(trx, task);
      const reallocated = await reallocate(trx, task, demand, wave, staging, missing, actor);
      const unplanned = fromMilli(toMilli(missing) - toMilli(reallocated));
      // What stays unplanned says why: only expired or short-dated stock left, or not enough stock.
      const reason =
        toMilli(unplanned) === 0n ? null : (await shortDatedLines(trx, task.whId, [demand])).size > 0 ? 'SHORTDATED' : 'SHORT';
      await sql`
        update t_pick_detail set picked_qty = picked_qty + ${found}::numeric, staged_qty = staged_qty + ${found}::numeric,
          planned_qty = planned_qty - ${unplanned}::numeric, unplanned_qty = unplanned_qty + ${unplanned}::numeric,
          short_reason = coalesce(${reason}, short_reason), update_time = now()
        where id = ${task.pickDetailId}`.execute(trx);
      await sql`
        update t_afo_wave_detail_line set planned_qty = greatest(planned_qty - ${unplanned}::numeric, 0),
          short_reason = coalesce(${reason}, short_reason), update_time = now()
        where wh_id = ${task.whId} and order_number = ${task.orderNumber} and line_number = ${task.lineNumber}`.execute(trx);
      const line = demandOf(task, demand.minExpiry);
      await logShortages(trx, task.whId, 'SHORT', task.pickId, actor, [
        { line, qty: missing, errorCode: 'pickShort', locationId: task.pickLocation },
        ...(reason ? [{ line, qty: unplanned, errorCode: SHORT_ERROR_CODES[reason] }] : []),
      ]);
      await settle(trx, task, toMilli(found) > 0n);
      const { rows } = await sql<{ pickedQty: string; shortQty: string }>`
        select trim_scale(picked_qty)::text as picked_qty, trim_scale(short_qty)::text as short_qty
        from t_wave_pick_task where id = ${task.id}`.execute(trx);
      return {
        id: task.id,
        pickedQty: rows[0]?.pickedQty ?? found,
        shortQty: rows[0]?.shortQty ?? missing,
        reallocatedQty: reallocated,
        unplannedQty: unplanned,
      };
    }),
  );
}

const demandOf = (task: TaskRow, minExpiry: string): DemandLine => ({
  waveId: task.waveId,
  orderNumber: task.orderNumber,
  lineNumber: task.lineNumber,
  clientCode: task.clientCode,
  itemNumber: task.itemNumber,
  lotNumber: task.lotNumber,
  storedAttributeId: task.storedAttributeId,
  uom: '',
  baseQty: null,
  minExpiry,
});

/**
 * The task's order line as allocation sees it: the pick detail's lot and attribute id, and the earliest expiry the
 * line's minimum remaining shelf life allows (order, item, client, warehouse; today's rule, not the release day's).
 */
async function detailLine(trx: Trx, task: TaskRow): Promise<DemandLine> {
  const { rows } = await sql<{
    lotNumber: string | null;
    storedAttributeId: number | null;
    minShelfLifeDays: number | null;
    itemMinShelfLifeDays: number | null;
  }>`
    select d.lot_number, d.stored_attribute_id, o.min_shelf_life_days, i.min_shelf_life_days as item_min_shelf_life_days
    from t_pick_detail d
    join t_order o on o.wh_id = d.wh_id and o.order_number = d.order_number
    join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number
    where d.id = ${task.pickDetailId}`.execute(trx);
  const detail = rows[0];
  const rule = await shelfLifeRule(trx, task.whId);
  return {
    ...demandOf(task, minExpiryOf(rule, task.clientCode, detail?.minShelfLifeDays ?? null, detail?.itemMinShelfLifeDays ?? null)),
    lotNumber: detail?.lotNumber ?? null,
    storedAttributeId: detail?.storedAttributeId == null ? null : Number(detail.storedAttributeId),
  };
}

/**
 * Allocates the missing quantity of a short pick elsewhere for the same pick detail (the same lot, attribute and
 * shelf-life rules; the short row is held, so never itself): new task rows under new pick ids. Answers the quantity
 * re-allocated.
 */
async function reallocate(
  trx: Trx,
  task: TaskRow,
  line: DemandLine,
  wave: WaveInfo,
  staging: string,
  missing: string,
  actor: Actor,
) {
  const stock = await candidates(trx, task.whId, [task.itemNumber]);
  const left = new Map(stock.map((row) => [row.id, toMilli(row.available)]));
  const planned = planLine(line, toMilli(missing), new Map([[task.itemNumber, stock]]), left);
  if (planned.length === 0) return '0';
  await reserve(trx, task.waveId, planned, actor);
  await insertTasks(
    trx,
    { whId: task.whId, waveId: task.waveId, workType: wave.overrideWorkType, stagingLocation: staging },
    planned,
    new Map([[lineKey(task.orderNumber, task.lineNumber), task.pickDetailId]]),
    await pickIds(trx, task.whId, planned),
  );
  return fromMilli(planned.reduce((sum, p) => sum + p.qty, 0n));
}
