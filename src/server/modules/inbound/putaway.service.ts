/**
 * Putaway (README "Putaway"): which receipts are ready, where their stock should go, and the putaway movement task
 * that takes it there. The task is an ordinary movement task of type PUTAWAY, a type this module registers with
 * inventory (`PUTAWAY_TASK`, inventory/taskTypes.ts): its approval (execute.service) logs PUTAWAY and then marks the
 * receipts put away through `completePutaway`.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { type Grantee, grantScope, grantsWarehouse } from '../../platform/grants';
import type { Actor } from '../inventory/execute.service';
import { AVAILABLE_QTY, lockStockKeys, type StockKey } from '../inventory/ledger.service';
import { attributeValues } from '../inventory/tasks';
import type { MovementTaskType } from '../inventory/taskTypes';
import { takeNextNumber } from '../masterdata/control.service';
import { eventsByClient, recordEvents } from '../webhooks/events';
import {
  GOOD_BASE_QTY,
  milli,
  RECEIPT_KEY_COLUMNS,
  receiptStatusLabel,
  requireReceiptClient,
  requireWarehouse,
} from './inspection.service';

const ATTRIBUTE_COLUMNS = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1}`);

/** Thousandths back to decimal text. */
const fromMilli = (value: bigint): string => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = String(abs % 1000n)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${abs / 1000n}${fraction ? `.${fraction}` : ''}`;
};

/** Quantity of a receipt row already on putaway lines (open or done): what no new task may plan again. */
const PLANNED_FOR_RECEIPT = sql`coalesce((select sum(pd.qty) from tbl_inv_movement_detail pd
  join tbl_inv_movement pm on pm.wh_id = pd.wh_id and pm.task_id = pd.task_id
  where pd.receipt_row_id = r.id and pm.task_type = 'PUTAWAY'), 0)`;

/** Open movement lines leaving a key: its available stock is promised to them (movement lines reserve nothing). */
const openOutOfKey = (key: { whId: RawBuilder<unknown>; locationId: RawBuilder<unknown> }) => sql`coalesce((
  select sum(od.qty) from tbl_inv_movement_detail od
  join tbl_inv_movement om on om.wh_id = od.wh_id and om.task_id = od.task_id and om.status = 'N'
  where od.wh_id = ${key.whId} and od.source_location_id = ${key.locationId} and od.item_number = r.item_number
    and od.lot_number is not distinct from r.lot_number and od.stored_attribute_id is not distinct from r.stored_attribute_id
    and od.hu_id is not distinct from (case when rl.item_hu_indicator = 'H' then r.hu_id end)), 0)`;

/** A receipt row ready for putaway, with what is left of it to put away (base units). */
export interface ReadyReceipt {
  id: number;
  whId: string;
  receiptId: string;
  clientCode: string;
  poNumber: string;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string;
  classId: string | null;
  uom: string;
  lotNumber: string | null;
  huId: string | null;
  locationId: string;
  storedAttributeId: number | null;
  expirationDate: string | null;
  remainingQty: string;
}

/**
 * Receipt rows in status R of the warehouse (granted clients only) whose good stock is still at their receiving
 * location: remaining = the good base quantity less failed units and units already on putaway lines, at most what the
 * receiving key still has available beyond open movements out of it.
 */
export async function readyReceipts(
  db: Db | Trx,
  user: Grantee,
  filter: { whId: string; clientCode?: string; receiptId?: string; ids?: readonly number[] },
): Promise<ReadyReceipt[]> {
  if (!grantsWarehouse(user, filter.whId)) return [];
  const conditions = [
    sql`r.wh_id = ${filter.whId}`,
    sql`r.status = 'R'`,
    grantScope(user, sql.ref('r.wh_id'), sql.ref('r.client_code')),
    ...(filter.clientCode ? [sql`r.client_code = ${filter.clientCode}`] : []),
    ...(filter.receiptId ? [sql`r.receipt_id = ${filter.receiptId}`] : []),
    ...(filter.ids ? [sql`r.id = any(${[...filter.ids]}::int[])`] : []),
  ];
  const { rows } = await sql<ReadyReceipt & { keyFree: string }>`
    select * from (
      select r.id, r.wh_id, r.receipt_id, r.client_code, r.po_number, r.line_number, r.item_number,
        i.description as item_description, i.class_id, i.uom, r.lot_number, r.hu_id, r.location_id, r.stored_attribute_id,
        to_char(r.expiration_date, 'YYYY-MM-DD') as expiration_date,
        trim_scale(least(${GOOD_BASE_QTY} - r.qty_back - ${PLANNED_FOR_RECEIPT},
          coalesce((select sum(${AVAILABLE_QTY}) from t_stored_item s
            where (s.wh_id, s.location_id, s.item_number) = (r.wh_id, r.location_id, r.item_number)
              and s.lot_number is not distinct from r.lot_number
              and s.hu_id is not distinct from (case when rl.item_hu_indicator = 'H' then r.hu_id end)
              and s.stored_attribute_id is not distinct from r.stored_attribute_id), 0)
          - ${openOutOfKey({ whId: sql`r.wh_id`, locationId: sql`r.location_id` })}))::text as remaining_qty
      from t_receipt r
      join t_item_master i on i.wh_id = r.wh_id and i.item_number = r.item_number
      join t_location rl on rl.wh_id = r.wh_id and rl.location_id = r.location_id
      where ${sql.join(conditions, sql` and `)}
    ) ready
    where remaining_qty::numeric > 0
    order by receipt_id desc, line_number, id limit 1000`.execute(db);
  return rows;
}

/** One suggested (or chosen) putaway line; `destLocationId` null is what found no room. */
export interface PutawayLine {
  receiptRowId: number;
  receiptId: string;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string;
  lotNumber: string | null;
  huId: string | null;
  sourceLocationId: string;
  uom: string;
  destLocationId: string | null;
  zone: string | null;
  qty: string;
}

interface Candidate {
  locationId: string;
  zone: string;
  /** Room left in the receipt item's base units; null = no capacity set (unlimited). */
  freeQty: string | null;
}

/**
 * The zones an item class may be put away to, best first: the class's own rules, else the warehouse's default rules
 * (no class), else every qualified zone (an empty list).
 */
async function ruleZones(db: Db | Trx, whId: string, classId: string | null): Promise<string[]> {
  const { rows } = await sql<{ zone: string; own: boolean }>`
    select zone, class_id is not null as own from t_putaway_rule
    where wh_id = ${whId} and (class_id = ${classId} or class_id is null)
    order by (class_id is null), priority, zone`.execute(db);
  const own = rows.filter((r) => r.own);
  return (own.length > 0 ? own : rows).map((r) => r.zone);
}

/** What this call already placed: counted like stock by the next receipt's candidates. */
interface Placed {
  locationId: string;
  itemNumber: string;
  lotNumber: string | null;
  qty: string;
}

/**
 * Storage locations for one receipt row, best first, with their room: qualified zone (type A) allowed by the rules,
 * active, not staging, pallet or item location as the receipt has a pallet or not, a single-item location only when
 * it holds (or is about to receive) nothing of another item, and some room left. Occupancy counts the ledger, open
 * movement lines coming in, and what this call already placed, each converted to the location's capacity unit; a
 * capacity unit an item does not have counts that item's base units (shelving measured in EA holds 300 cups).
 */
async function candidates(db: Db | Trx, receipt: ReadyReceipt, zones: string[], placed: Placed[]): Promise<Candidate[]> {
  const whId = receipt.whId;
  const pallet = receipt.huId !== null && receipt.huId !== '';
  const { rows } = await sql<Candidate>`
    with incoming as (
      select s.location_id, s.item_number, s.lot_number, s.actual_qty as qty from t_stored_item s where s.wh_id = ${whId}
        and s.location_id in (select location_id from t_location where wh_id = ${whId} and status = 'A' and type <> 'S')
      union all
      select d.dest_location_id, d.item_number, d.lot_number, d.qty from tbl_inv_movement_detail d
        join tbl_inv_movement m on m.wh_id = d.wh_id and m.task_id = d.task_id and m.status = 'N'
        where d.wh_id = ${whId}
      union all
      select p.location_id, p.item_number, p.lot_number, p.qty
      from unnest(${placed.map((p) => p.locationId)}::varchar[], ${placed.map((p) => p.itemNumber)}::varchar[],
        ${placed.map((p) => p.lotNumber)}::varchar[], ${placed.map((p) => p.qty)}::numeric[])
        as p(location_id, item_number, lot_number, qty)
    ),
    place as (
      select l.location_id, l.zone, l.type, l.picking_flow, l.capacity_qty,
        case when l.capacity_uom is null or l.capacity_uom = ${receipt.uom} then 1
          else coalesce((select u.conversion_factor from t_item_uom u where u.wh_id = l.wh_id
            and u.item_number = ${receipt.itemNumber} and u.uom = l.capacity_uom and u.status = 'A'), 1) end as factor,
        o.stored, o.used, o.same_item_lot, o.other_items
      from t_location l
      join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone and z.zone_type = 'A'
      cross join lateral (
        select coalesce(sum(x.qty), 0) as stored,
          coalesce(sum(x.qty / case when l.capacity_uom is null or l.capacity_uom = xi.uom then 1
            else coalesce(xu.conversion_factor, 1) end), 0) as used,
          coalesce(bool_or(x.item_number = ${receipt.itemNumber} and x.lot_number is not distinct from ${receipt.lotNumber}),
            false) as same_item_lot,
          coalesce(bool_or(x.item_number <> ${receipt.itemNumber}), false) as other_items
        from incoming x
        left join t_item_master xi on xi.wh_id = l.wh_id and xi.item_number = x.item_number
        left join t_item_uom xu on xu.wh_id = l.wh_id and xu.item_number = x.item_number and xu.uom = l.capacity_uom
        where x.location_id = l.location_id
      ) o
      where l.wh_id = ${whId} and l.status = 'A' and l.type <> 'S' and l.location_id <> ${receipt.locationId}
        and l.item_hu_indicator = ${pallet ? 'H' : 'I'}
        ${zones.length > 0 ? sql`and l.zone = any(${zones}::varchar[])` : sql``}
    ),
    room as (
      select *, case when capacity_qty is null then null
        else floor((capacity_qty - used) * factor * 1000 + 0.000001) / 1000 end as free_qty
      from place
      where type <> 'I' or not other_items
    )
    select location_id, zone, trim_scale(free_qty)::text as free_qty from room
    where free_qty is null or free_qty >= ${pallet ? sql`${receipt.remainingQty}::numeric` : sql`0.001`}
    order by same_item_lot desc, ${zones.length > 0 ? sql`array_position(${zones}::varchar[], zone)` : sql`0`},
      stored, picking_flow nulls last, location_id
    limit 200`.execute(db);
  return rows;
}

/**
 * `suggestPutaway`: for each ready receipt row, destinations filling the best location up to its room, then the next
 * (a pallet is never split: it goes whole to one pallet location with room for it). What finds no room is answered as
 * a line without destination.
 */
export async function suggestPutaway(
  db: Db,
  user: Grantee,
  filter: { whId: string; clientCode?: string; receiptId?: string; ids?: readonly number[] },
): Promise<PutawayLine[]> {
  requireWarehouse(user, filter.whId);
  const receipts = await readyReceipts(db, user, filter);
  const zonesByClass = new Map<string | null, string[]>();
  const placed: Placed[] = [];
  const lines: PutawayLine[] = [];
  for (const receipt of receipts) {
    let zones = zonesByClass.get(receipt.classId);
    if (!zones) {
      zones = await ruleZones(db, receipt.whId, receipt.classId);
      zonesByClass.set(receipt.classId, zones);
    }
    const line = (destLocationId: string | null, zone: string | null, qty: bigint): PutawayLine => ({
      receiptRowId: receipt.id,
      receiptId: receipt.receiptId,
      lineNumber: receipt.lineNumber,
      itemNumber: receipt.itemNumber,
      itemDescription: receipt.itemDescription,
      lotNumber: receipt.lotNumber,
      huId: receipt.huId,
      sourceLocationId: receipt.locationId,
      uom: receipt.uom,
      destLocationId,
      zone,
      qty: fromMilli(qty),
    });
    let left = milli(receipt.remainingQty);
    for (const place of await candidates(db, receipt, zones, placed)) {
      if (left <= 0n) break;
      const take = place.freeQty === null || milli(place.freeQty) >= left ? left : milli(place.freeQty);
      lines.push(line(place.locationId, place.zone, take));
      placed.push({
        locationId: place.locationId,
        itemNumber: receipt.itemNumber,
        lotNumber: receipt.lotNumber,
        qty: fromMilli(take),
      });
      left -= take;
    }
    if (left > 0n) lines.push(line(null, null, left));
  }
  return lines;
}

/** A line of `createPutawayTasks`. */
export interface PutawayRequestLine {
  receiptRowId: number;
  destLocationId: string;
  qty: string;
}

interface LockedReceipt extends StockKey {
  id: number;
  receiptId: string;
  clientCode: string;
  status: string;
  lineNumber: number;
  receiptHuId: string | null;
  uom: string;
  expirationDate: string | null;
  remaining: string;
  available: string;
}

/**
 * `createPutawayTasks`: one movement task of type PUTAWAY (number from the MOVE series) with one line per entry,
 * from the receipt's receiving location with its lot, pallet, attributes and expiry. Refused whole when a receipt is
 * not ready (R) or not the user's client, a destination is not an active non-staging location of a qualified zone (a
 * pallet location needing the receipt's pallet), a receipt would be planned beyond what is left of it, or a key beyond
 * its available stock. The receipt rows stay locked until commit, so two tasks can never plan the same units.
 */
export async function createPutawayTasks(
  db: Db,
  actor: Actor,
  request: { whId: string; lines: readonly PutawayRequestLine[] },
): Promise<{ id: number; whId: string; taskId: string }> {
  requireWarehouse(actor, request.whId);
  return inTransaction(db, async (trx) => {
    const ids = [...new Set(request.lines.map((l) => l.receiptRowId))];
    const { rows } = await sql<LockedReceipt & Row>`
      select r.id, r.receipt_id, r.client_code, r.status, r.line_number, r.hu_id as receipt_hu_id, i.uom,
        to_char(r.expiration_date, 'YYYY-MM-DD') as expiration_date, ${RECEIPT_KEY_COLUMNS},
        ${sql.join(ATTRIBUTE_COLUMNS.map((c) => sql.ref(`r.${c}`)))},
        trim_scale(${GOOD_BASE_QTY} - r.qty_back - ${PLANNED_FOR_RECEIPT})::text as remaining,
        trim_scale(coalesce((select sum(${AVAILABLE_QTY}) from t_stored_item s
            where (s.wh_id, s.location_id, s.item_number) = (r.wh_id, r.location_id, r.item_number)
              and s.lot_number is not distinct from r.lot_number
              and s.hu_id is not distinct from (case when rl.item_hu_indicator = 'H' then r.hu_id end)
              and s.stored_attribute_id is not distinct from r.stored_attribute_id), 0)
          - ${openOutOfKey({ whId: sql`r.wh_id`, locationId: sql`r.location_id` })})::text as available
      from t_receipt r
      join t_item_master i on i.wh_id = r.wh_id and i.item_number = r.item_number
      join t_location rl on rl.wh_id = r.wh_id and rl.location_id = r.location_id
      where r.id = any(${ids}::int[]) and r.wh_id = ${request.whId}
      order by r.id for update of r`.execute(trx);
    if (rows.length !== ids.length) throw new AppError('notFound');
    const receipts = new Map(rows.map((r) => [r.id, r]));
    for (const receipt of rows) {
      requireReceiptClient(actor, { whId: request.whId, clientCode: receipt.clientCode, receiptId: receipt.receiptId });
      if (receipt.status !== 'R') {
        throw new AppError('receiptNotReadyForPutaway', {
          receiptId: receipt.receiptId,
          lineNumber: receipt.lineNumber,
          status: receiptStatusLabel(receipt.status),
        });
      }
    }
    // Every receipt's and every key's total over the request; keys shared by receipts count once (`available`).
    await lockStockKeys(
      trx,
      rows.map((r) => ({ ...r, storedAttributeId: r.storedAttributeId === null ? null : Number(r.storedAttributeId) })),
    );
    const perReceipt = new Map<number, bigint>();
    const perKey = new Map<string, { total: bigint; receipt: LockedReceipt }>();
    for (const line of request.lines) {
      const receipt = receipts.get(line.receiptRowId)!;
      perReceipt.set(receipt.id, (perReceipt.get(receipt.id) ?? 0n) + milli(line.qty));
      const keyText = JSON.stringify([
        receipt.locationId,
        receipt.itemNumber,
        receipt.lotNumber,
        receipt.huId,
        receipt.storedAttributeId,
      ]);
      const entry = perKey.get(keyText) ?? { total: 0n, receipt };
      entry.total += milli(line.qty);
      perKey.set(keyText, entry);
    }
    for (const [id, total] of perReceipt) {
      const receipt = receipts.get(id)!;
      if (total > milli(receipt.remaining)) {
        throw new AppError('putawayExceedsReceipt', {
          receiptId: receipt.receiptId,
          lineNumber: receipt.lineNumber,
          remaining: fromMilli(milli(receipt.remaining) < 0n ? 0n : milli(receipt.remaining)),
          qty: fromMilli(total),
        });
      }
    }
    for (const { total, receipt } of perKey.values()) {
      const available = milli(receipt.available);
      if (available <= 0n)
        throw new AppError('availableStockZero', { itemNumber: receipt.itemNumber, locationId: receipt.locationId });
      if (total > available) {
        throw new AppError('exceedsAvailableStock', {
          itemNumber: receipt.itemNumber,
          locationId: receipt.locationId,
          available: fromMilli(available),
        });
      }
    }
    const destinations = await storageLocations(
      trx,
      request.whId,
      request.lines.map((l) => l.destLocationId),
    );
    const taskId = await takeNextNumber(trx, request.whId, 'MOVE');
    const receiptNumbers = [...new Set(rows.map((r) => r.receiptId))].join(', ');
    const { rows: header } = await sql<{ id: number }>`
      insert into tbl_inv_movement (wh_id, task_id, status, task_type, description, create_by)
      values (${request.whId}, ${taskId}, 'N', 'PUTAWAY', ${receiptNumbers.slice(0, 200)}, ${actor.name})
      returning id`.execute(trx);
    for (const [index, line] of request.lines.entries()) {
      const receipt = receipts.get(line.receiptRowId)!;
      const indicator = destinations.get(line.destLocationId);
      if (indicator === undefined) throw new AppError('putawayLocationNotStorage', { locationId: line.destLocationId });
      if (line.destLocationId === receipt.locationId) throw new AppError('sameSourceAndDestination');
      if (indicator === 'H' && !receipt.huId) {
        throw new AppError('palletRequiredAtDestination', { lineNumber: index + 1, locationId: line.destLocationId });
      }
      await sql`
        insert into tbl_inv_movement_detail (wh_id, task_id, line_number, item_number, lot_number, source_location_id,
          hu_id, dest_location_id, qty, uom, line_remark, stored_attribute_id, expiration_date, receipt_row_id,
          ${sql.join(ATTRIBUTE_COLUMNS.map((c) => sql.ref(c)))})
        values (${request.whId}, ${taskId}, ${index + 1}, ${receipt.itemNumber}, ${receipt.lotNumber}, ${receipt.locationId},
          ${receipt.huId}, ${line.destLocationId}, ${line.qty}::numeric, ${receipt.uom},
          ${`${receipt.receiptId}/${receipt.lineNumber}`}, ${receipt.storedAttributeId}::bigint,
          ${receipt.expirationDate}::date, ${receipt.id},
          ${sql.join([...attributeValues(receipt)])})`.execute(trx);
    }
    return { id: header[0]?.id ?? 0, whId: request.whId, taskId };
  });
}

/**
 * The active, non-staging locations of qualified zones among these ids, with their pallet indicator; they stay locked
 * against deletion until commit.
 */
async function storageLocations(trx: Trx, whId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await sql<{ locationId: string; itemHuIndicator: string }>`
    select l.location_id, l.item_hu_indicator from t_location l
    join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone and z.zone_type = 'A'
    where l.wh_id = ${whId} and l.location_id = any(${[...new Set(ids)]}::varchar[]) and l.status = 'A' and l.type <> 'S'
    order by l.location_id for key share of l`.execute(trx);
  return new Map(rows.map((r) => [r.locationId, r.itemHuIndicator]));
}

/**
 * Called by the approval of a PUTAWAY task, after its stock moved and the task completed: refuses when the done
 * putaway lines of a receipt would exceed its good quantity (lines edited after creation), and marks put away (P)
 * every receipt whose whole good quantity is now done, with the destination of its largest line.
 */
export async function completePutaway(trx: Trx, whId: string, taskId: string): Promise<void> {
  const { rows } = await sql<{ receiptId: string; lineNumber: number; done: string; good: string }>`
    select r.receipt_id, r.line_number, trim_scale(d.done)::text as done, trim_scale(${GOOD_BASE_QTY} - r.qty_back)::text as good
    from t_receipt r
    cross join lateral (select coalesce(sum(pd.qty), 0) as done from tbl_inv_movement_detail pd
      join tbl_inv_movement pm on pm.wh_id = pd.wh_id and pm.task_id = pd.task_id
      where pd.receipt_row_id = r.id and pm.task_type = 'PUTAWAY' and pm.status = 'C') d
    where r.id in (select receipt_row_id from tbl_inv_movement_detail where wh_id = ${whId} and task_id = ${taskId})
    order by r.id for update of r`.execute(trx);
  const over = rows.find((r) => milli(r.done) > milli(r.good));
  if (over) {
    throw new AppError('putawayExceedsReceipt', {
      receiptId: over.receiptId,
      lineNumber: over.lineNumber,
      remaining: over.good,
      qty: over.done,
    });
  }
  await sql`
    update t_receipt r set status = 'P', update_time = now(),
      put_location_id = (select pd.dest_location_id from tbl_inv_movement_detail pd
        where pd.wh_id = ${whId} and pd.task_id = ${taskId} and pd.receipt_row_id = r.id
        order by pd.qty desc, pd.line_number limit 1)
    where r.id in (select receipt_row_id from tbl_inv_movement_detail where wh_id = ${whId} and task_id = ${taskId})
      and r.status = 'R'
      and (select sum(pd.qty) from tbl_inv_movement_detail pd
        join tbl_inv_movement pm on pm.wh_id = pd.wh_id and pm.task_id = pd.task_id
        where pd.receipt_row_id = r.id and pm.task_type = 'PUTAWAY' and pm.status = 'C') >= ${GOOD_BASE_QTY} - r.qty_back`.execute(
    trx,
  );
}

/**
 * The PUTAWAY movement task type: its lines log PUTAWAY under INBOUND, its serials a PUTAWAY event; once approved, its
 * receipts are put away (`completePutaway`) and each client hears `putaway.done`. Registered by registerPutawayRoutes.
 */
export const PUTAWAY_TASK: MovementTaskType = {
  category: 'INBOUND',
  tranType: 'PUTAWAY',
  serialEvent: 'PUTAWAY',
  async complete(trx, { whId, taskId, lines }) {
    await completePutaway(trx, whId, taskId);
    await recordEvents(
      trx,
      eventsByClient('putaway.done', whId, lines, (own) => ({
        taskId,
        lines: own.map((l) => ({
          lineNumber: l.lineNumber,
          itemNumber: l.itemNumber,
          lotNumber: l.lotNumber === '' ? null : l.lotNumber,
          qty: fromMilli(milli(l.qty)),
          fromLocationId: l.sourceLocationId,
          toLocationId: l.destLocationId,
        })),
      })),
    );
  },
};
