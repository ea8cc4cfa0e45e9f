/**
 * Carton picking (contracts.md 1–3, README "Carton picking"): `getNextCarton` opens (or resumes) an order's carton at
 * the wave's staging location, `completeCartonPick` moves what was packed from the staging stock (off any pallet, or
 * on the pallets of a pallet lane: `packSources.ts`) into the carton (hu = carton number) and closes it, `exitCartonPick` deletes an open carton. Each call is one transaction:
 * ledger keys first (`lockStockKeys`), then the wave, the order, the carton, the pick details by id. The order's lock
 * serialises every packing of one order, so what is left to pack is read once under it and never packed twice.
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
  type StockKey,
  type TranContext,
  takeStock,
  toMilli,
  writeTranLog,
} from '../inventory/ledger.service';
import { takeNextNumber } from '../masterdata/control.service';
import { minExpiryOf, shelfLifeRule } from '../outbound/allocation.service';
import { moveSerials, serialAt, serialList } from '../serials/serials.service';
import { recordEvent } from '../webhooks/events';
import { activeCartonTypes, chooseCartonType } from './cartonType';
import { type StagedShare, shareOrder, takeFromShares } from './packSources';
import { type CartonRow, readCarton, refuseShipped } from './shipping.guard';

/** What of an order is picked and not yet in a carton: one row per pick detail × lot × stored attribute id. */
export interface PackLine {
  pickDetailId: number;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string;
  lotNumber: string | null;
  storedAttributeId: number | null;
  expirationDate: string | null;
  uom: string;
  remainingQty: string;
  /** A serial-controlled item: packing it names one serial per unit (the quantity is in base units). */
  serialControl: boolean;
  /**
   * The pallets of a pallet lane its units still wait on, in the order carton picks take them (README "Packing from a
   * pallet lane"); empty when they wait off any pallet.
   */
  pallets: string[];
}

export interface NextCartonInput {
  whId: string;
  waveId: string;
  orderNumber: string;
  cartonType?: string | null;
}

export interface NextCartonAnswer {
  cartonNumber: string;
  cartonType: string;
  cartonSeq: number;
  orderNumber: string;
  waveId: string;
  locationId: string;
  status: 'O';
  lines: PackLine[];
}

export interface PackInputLine {
  pickDetailId: number;
  lotNumber?: string | null;
  storedAttributeId?: number | null;
  qty: string | number;
  /** A serial-controlled item: the serials packed, one per base unit (picked for this order, at the staging location). */
  serialNumbers?: readonly string[] | string | null;
}

export interface CompleteInput {
  whId: string;
  cartonNumber: string;
  lines: PackInputLine[];
  actualWeight?: string | number | null;
}

export interface CompleteAnswer {
  cartonNumber: string;
  status: 'C';
  logicalWeight: string;
  actualWeight: string | null;
  weightStatus: 'N' | 'W' | 'O';
  remainingQty: string;
  orderStatus: string;
}

/** A carton as the shipping services read it. */

/** The warehouse control naming the weight tolerance in percent (default 10 when absent). */
export const WEIGHT_TOLERANCE_PCT = 'WEIGHT_TOLERANCE_PCT';
const DEFAULT_TOLERANCE_PCT = '10';

interface RemainingRow extends PackLine {
  unitVolume: string | null;
  defaultCartonType: string | null;
  isSpecialSize: string;
  useXcarton: string;
  minqtyToUseXcarton: string | null;
}

const blank = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};
const attrId = (value: unknown): number | null => (value === undefined || value === null ? null : Number(value));

/** The identity of a pack line: pick detail, lot, stored attribute id. */
export const packKey = (pickDetailId: number, lotNumber: string | null, storedAttributeId: number | null) =>
  JSON.stringify([pickDetailId, lotNumber, storedAttributeId]);

/** What of the order is picked (its pick tasks) minus what its cartons hold, per pick detail × lot × attribute id. */
async function remainingLines(trx: Trx, whId: string, orderNumber: string): Promise<RemainingRow[]> {
  const { rows } = await sql<RemainingRow>`
    with picked as (
      select t.pick_detail_id, t.lot_number, t.stored_attribute_id, sum(t.picked_qty) as qty,
        min(t.expiration_date) as expiration_date
      from t_wave_pick_task t where t.wh_id = ${whId} and t.order_number = ${orderNumber} and t.picked_qty > 0
      group by t.pick_detail_id, t.lot_number, t.stored_attribute_id),
    packed as (
      select pick_detail_id, lot_number, stored_attribute_id, sum(qty) as qty from tbl_shipping_label_detail
      where wh_id = ${whId} and order_number = ${orderNumber}
      group by pick_detail_id, lot_number, stored_attribute_id)
    select p.pick_detail_id, d.line_number, d.item_number, i.description as item_description, p.lot_number,
      p.stored_attribute_id, to_char(p.expiration_date, 'YYYY-MM-DD') as expiration_date, d.uom,
      trim_scale(p.qty - coalesce(k.qty, 0))::text as remaining_qty, i.serial_control = 'Y' as serial_control,
      i.unit_volume::text as unit_volume,
      i.default_carton_type, i.is_special_size, i.use_xcarton, i.minqty_to_use_xcarton::text as minqty_to_use_xcarton
    from picked p
    join t_pick_detail d on d.id = p.pick_detail_id
    join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number
    left join packed k on k.pick_detail_id = p.pick_detail_id and k.lot_number is not distinct from p.lot_number
      and k.stored_attribute_id is not distinct from p.stored_attribute_id
    where p.qty > coalesce(k.qty, 0)
    order by d.line_number, p.lot_number nulls first, p.stored_attribute_id nulls first`.execute(trx);
  return rows.map((r) => ({ ...r, pickDetailId: Number(r.pickDetailId), storedAttributeId: attrId(r.storedAttributeId) }));
}

/**
 * The order's shares of each place of the staging location, per pick detail × lot × attribute id (`packKey`): what its
 * pick tasks put there — on the task's pallet when the staging location is a pallet lane (H, as picking keeps it),
 * else off any pallet. Open tasks count with 0, so that their pallets are locked too.
 */
async function stagedShares(
  trx: Trx,
  carton: Pick<CartonRow, 'whId' | 'orderNumber' | 'locationId'>,
  pickDetailIds: readonly number[],
): Promise<Map<string, StagedShare[]>> {
  const { rows } = await sql<{
    pickDetailId: number;
    lotNumber: string | null;
    storedAttributeId: number | null;
    huId: string | null;
    qty: string;
  }>`
    select t.pick_detail_id, t.lot_number, t.stored_attribute_id,
      case when l.item_hu_indicator = 'H' then t.m_hu_id end as hu_id, trim_scale(sum(t.picked_qty))::text as qty
    from t_wave_pick_task t
    left join t_location l on l.wh_id = t.wh_id and l.location_id = ${carton.locationId}
    where t.wh_id = ${carton.whId} and t.order_number = ${carton.orderNumber}
      and t.pick_detail_id = any(${pickDetailIds as number[]}::int[])
    group by t.pick_detail_id, t.lot_number, t.stored_attribute_id, case when l.item_hu_indicator = 'H' then t.m_hu_id end`.execute(
    trx,
  );
  const shares = new Map<string, StagedShare[]>();
  for (const r of rows) {
    const key = packKey(Number(r.pickDetailId), r.lotNumber, attrId(r.storedAttributeId));
    shares.set(key, [...(shares.get(key) ?? []), { huId: r.huId, milli: toMilli(r.qty) }].sort(shareOrder));
  }
  return shares;
}

/** Each line with the pallets its remaining units wait on at the staging location (`pallets`). */
async function withPallets(
  trx: Trx,
  place: Pick<CartonRow, 'whId' | 'orderNumber' | 'locationId'>,
  lines: readonly RemainingRow[],
): Promise<PackLine[]> {
  const shares = await stagedShares(
    trx,
    place,
    lines.map((l) => l.pickDetailId),
  );
  return lines.map((r) => {
    const own = shares.get(packKey(r.pickDetailId, r.lotNumber, r.storedAttributeId)) ?? [];
    const remaining = toMilli(r.remainingQty);
    const packed = own.reduce((sum, p) => sum + p.milli, 0n) - remaining;
    const pallets = takeFromShares(own, packed, remaining).flatMap((p) => (p.huId === null ? [] : [p.huId]));
    return { ...toPackLine(r), pallets };
  });
}

const toPackLine = (r: RemainingRow): Omit<PackLine, 'pallets'> => ({
  pickDetailId: r.pickDetailId,
  lineNumber: r.lineNumber,
  itemNumber: r.itemNumber,
  itemDescription: r.itemDescription,
  lotNumber: r.lotNumber,
  storedAttributeId: r.storedAttributeId,
  expirationDate: r.expirationDate,
  uom: r.uom,
  remainingQty: r.remainingQty,
  serialControl: r.serialControl,
});

interface OrderRow {
  clientCode: string;
  status: string;
  waveId: string | null;
  carrierId: string | null;
}

async function readOrder(trx: Trx, whId: string, orderNumber: string, lock: boolean): Promise<OrderRow | null> {
  const { rows } = await sql<OrderRow>`
    select client_code, status, wave_id, carrier_id from t_order where wh_id = ${whId} and order_number = ${orderNumber}
    ${lock ? sql`for update` : sql``}`.execute(trx);
  return rows[0] ?? null;
}

/** Refuses an order shipped (the spec's words), with its status label. */
/** Warehouse grant, then the carton (notFound), then the client grant (write). */
export async function grantedCarton(trx: Trx, actor: Actor, whId: string, cartonNumber: string): Promise<CartonRow> {
  if (!grantsWarehouse(actor, whId)) throw new AppError('warehouseNotGranted', { whId });
  const carton = await readCarton(trx, whId, cartonNumber, false);
  if (!carton) throw new AppError('notFound');
  if (!grantsClient(actor, whId, carton.clientCode, 'write')) {
    throw new AppError('clientNotGranted', { clientCode: carton.clientCode });
  }
  return carton;
}

/** `getNextCarton` (contracts.md 1). */
export async function getNextCarton(db: Db, input: NextCartonInput, actor: Actor): Promise<NextCartonAnswer> {
  return inTransaction(db, async (trx) => {
    const { whId, waveId, orderNumber } = input;
    if (!grantsWarehouse(actor, whId)) throw new AppError('warehouseNotGranted', { whId });
    const seen = await readOrder(trx, whId, orderNumber, false);
    if (!seen) throw new AppError('notFound');
    if (!grantsClient(actor, whId, seen.clientCode, 'write')) {
      throw new AppError('clientNotGranted', { clientCode: seen.clientCode });
    }
    const { rows: waves } = await sql<{ status: string; stagingLocation: string | null }>`
      select status, staging_location from t_wave_master where wh_id = ${whId} and wave_id = ${waveId} for share`.execute(trx);
    const wave = waves[0];
    if (!wave) throw new AppError('waveNotFound', { waveId });
    const order = (await readOrder(trx, whId, orderNumber, true)) as OrderRow;
    if (order.waveId !== waveId) throw new AppError('waveOrderNotInWave', { orderNumber, waveId });
    refuseShipped({ orderNumber, orderStatus: order.status });
    if (wave.status !== 'P' && wave.status !== 'C') {
      throw new AppError('waveNotPacking', { waveId, status: `code.waveStatus.${wave.status}` });
    }
    const lines = await remainingLines(trx, whId, orderNumber);
    const { rows: open } = await sql<CartonRow>`
      select carton_number, carton_type, carton_seq, location_id from tbl_shipping_label
      where wh_id = ${whId} and order_number = ${orderNumber} and status = 'O' order by carton_seq limit 1`.execute(trx);
    const answer = async (
      c: Pick<CartonRow, 'cartonNumber' | 'cartonType' | 'cartonSeq' | 'locationId'>,
    ): Promise<NextCartonAnswer> => ({
      cartonNumber: c.cartonNumber,
      cartonType: c.cartonType,
      cartonSeq: c.cartonSeq,
      orderNumber,
      waveId,
      locationId: c.locationId,
      status: 'O',
      lines: await withPallets(trx, { whId, orderNumber, locationId: c.locationId }, lines),
    });
    if (open[0]) return answer(open[0]);
    if (lines.length === 0) throw new AppError('cartonNothingToPack', { orderNumber });
    if (!wave.stagingLocation) throw new AppError('waveNoStagingLocation', { waveId });
    const types = await activeCartonTypes(trx, whId);
    const asked = blank(input.cartonType);
    let cartonType: string | null;
    if (asked !== null) {
      cartonType = types.some((t) => t.cartonType === asked) ? asked : null;
      if (cartonType === null) {
        throw new AppError('referenceNotFound', { field: 'entity.tblShippingLabel.field.cartonType', value: asked });
      }
    } else {
      const ruleLines = lines.map((l) => ({
        lineNumber: l.lineNumber,
        itemNumber: l.itemNumber,
        qty: Number(l.remainingQty),
        unitVolume: l.unitVolume === null ? null : Number(l.unitVolume),
        defaultCartonType: l.defaultCartonType,
        isSpecialSize: l.isSpecialSize,
        useXcarton: l.useXcarton,
        minqtyToUseXcarton: l.minqtyToUseXcarton === null ? null : Number(l.minqtyToUseXcarton),
      }));
      cartonType = chooseCartonType(ruleLines, types)?.cartonType ?? null;
      if (cartonType === null) {
        throw new AppError('referenceNotFound', { field: 'entity.tblShippingLabel.field.cartonType', value: '—' });
      }
    }
    const cartonNumber = await takeNextNumber(trx, whId, 'CARTON');
    const { rows } = await sql<{ cartonSeq: number }>`
      insert into tbl_shipping_label (wh_id, carton_number, order_number, wave_id, client_code, location_id, carton_type,
        carton_seq, carrier, status, first_carton_flag, create_by)
      select ${whId}, ${cartonNumber}, ${orderNumber}, ${waveId}, ${order.clientCode}, ${wave.stagingLocation},
        ${cartonType}, s.seq, ${order.carrierId}, 'O', case when s.seq = 1 then 'Y' else 'N' end, ${actor.name}
      from (select coalesce(max(carton_seq), 0) + 1 as seq from tbl_shipping_label
            where wh_id = ${whId} and order_number = ${orderNumber}) s
      returning carton_seq`.execute(trx);
    return answer({
      cartonNumber,
      cartonType,
      cartonSeq: rows[0]?.cartonSeq ?? 1,
      locationId: wave.stagingLocation,
    });
  });
}

const packField = (name: string) => `entity.tblShippingLabelDetail.field.${name}`;

/** The ledger key of a carton's stock of one line: the carton's location, hu = the carton number. */
export const cartonKey = (
  carton: Pick<CartonRow, 'whId' | 'locationId' | 'cartonNumber'>,
  itemNumber: string,
  lotNumber: string | null,
  storedAttributeId: number | null,
): StockKey => ({
  whId: carton.whId,
  locationId: carton.locationId,
  itemNumber,
  lotNumber,
  huId: carton.cartonNumber,
  storedAttributeId,
});

/** The 11 attribute values of a stored attribute id (all null without one). */
export async function attributeValues(trx: Trx, storedAttributeId: number | null): Promise<(string | null)[]> {
  if (storedAttributeId === null) return Array.from({ length: 11 }, () => null);
  const { rows } = await sql<Record<string, string | null>>`
    select * from t_stored_attribute where id = ${storedAttributeId}::bigint`.execute(trx);
  const row = rows[0] ?? {};
  return Array.from({ length: 11 }, (_, i) => row[`genericAttrValue${i + 1}`] ?? null);
}

/** Recomputes a carton's logical weight (Σ unit weight × qty + the type's tare); answers it. */
export async function logicalWeight(trx: Trx, whId: string, cartonNumber: string): Promise<string> {
  const { rows } = await sql<{ weight: string }>`
    select trim_scale(round(coalesce((select sum(d.qty * coalesce(i.unit_weight, 0))
        from tbl_shipping_label_detail d
        join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number
        where d.wh_id = c.wh_id and d.carton_number = c.carton_number), 0)
      + coalesce(t.tare_weight, 0), 3))::text as weight
    from tbl_shipping_label c
    left join tbl_carton_type t on t.wh_id = c.wh_id and t.carton_type = c.carton_type
    where c.wh_id = ${whId} and c.carton_number = ${cartonNumber}`.execute(trx);
  return rows[0]?.weight ?? '0';
}

/** The weight tolerance of the warehouse in percent: the client's WEIGHT_TOLERANCE_PCT row, else the warehouse's, else 10. */
async function tolerancePct(trx: Trx, whId: string, clientCode: string): Promise<string> {
  const { rows } = await sql<{ controlValue: string | null }>`
    select control_value from t_whse_control
    where wh_id = ${whId} and control_name = ${WEIGHT_TOLERANCE_PCT} and (client_code = ${clientCode} or client_code is null)
    order by client_code nulls last limit 1`.execute(trx);
  const value = rows[0]?.controlValue?.trim();
  return value && /^\d+(\.\d+)?$/.test(value) ? value : DEFAULT_TOLERANCE_PCT;
}

/** W when |actual − logical| ≤ logical × pct / 100, O otherwise; N without an actual weight. */
export function weightStatus(logical: string, actual: string | null, pct: string): 'N' | 'W' | 'O' {
  if (actual === null) return 'N';
  const diff = Math.abs(Number(actual) - Number(logical));
  return diff <= (Number(logical) * Number(pct)) / 100 + 1e-9 ? 'W' : 'O';
}

/** The order's units still to pack (picked minus packed over its pick details). */
async function orderRemaining(trx: Trx, whId: string, orderNumber: string): Promise<string> {
  const { rows } = await sql<{ qty: string }>`
    select trim_scale(coalesce(sum(picked_qty - packed_qty), 0))::text as qty from t_pick_detail
    where wh_id = ${whId} and order_number = ${orderNumber}`.execute(trx);
  return rows[0]?.qty ?? '0';
}

/** A pack quantity as typed: > 0, at most 3 decimals (`fieldQtyPositive`). */
function packQty(value: string | number): string {
  const qty = String(value ?? '').trim();
  if (!matchesRule('qtyPositive', qty)) throw new AppError('fieldQtyPositive', { field: packField('qty') });
  return qty;
}

/** `completeCartonPick` (contracts.md 2); a refusal is kept in the exception log. */
export async function completeCartonPick(db: Db, input: CompleteInput, actor: Actor): Promise<CompleteAnswer> {
  const refusal = { whId: input.whId, category: 'OUTBOUND' as const, tranType: 'PACK', controlNumber: input.cartonNumber };
  return loggingRefusal(db, { ...refusal, user: actor.name }, () =>
    inTransaction(db, async (trx) => {
      // The request's lines merged per pick detail × lot × attribute id.
      const merged = new Map<
        string,
        { pickDetailId: number; lotNumber: string | null; attr: number | null; milli: bigint; serials: string[] }
      >();
      for (const line of input.lines) {
        const qty = packQty(line.qty);
        const lotNumber = blank(line.lotNumber);
        const attr = attrId(line.storedAttributeId);
        const key = packKey(line.pickDetailId, lotNumber, attr);
        const entry = merged.get(key) ?? { pickDetailId: line.pickDetailId, lotNumber, attr, milli: 0n, serials: [] };
        entry.milli += toMilli(qty);
        entry.serials.push(...serialList(line.serialNumbers));
        merged.set(key, entry);
      }
      let actual: string | null = null;
      if (input.actualWeight !== undefined && input.actualWeight !== null && String(input.actualWeight).trim() !== '') {
        actual = String(input.actualWeight).trim();
        if (!matchesRule('qtyPositive', actual)) {
          throw new AppError('fieldQtyPositive', { field: 'entity.tblShippingLabel.field.actualWeight' });
        }
      }
      const seen = await grantedCarton(trx, actor, input.whId, input.cartonNumber);
      const ids = [...new Set([...merged.values()].map((m) => m.pickDetailId))].sort((a, b) => a - b);
      const { rows: details } = await sql<{ id: number; itemNumber: string }>`
        select id, item_number from t_pick_detail
        where id = any(${ids}::int[]) and wh_id = ${seen.whId} and order_number = ${seen.orderNumber}`.execute(trx);
      const itemOf = new Map(details.map((d) => [Number(d.id), d.itemNumber]));
      // The staged places of each line: off any pallet, and every pallet the order's tasks of it picked from.
      const shares = await stagedShares(trx, seen, ids);
      const keys: StockKey[] = [];
      for (const [key, m] of merged) {
        const item = itemOf.get(m.pickDetailId);
        if (!item) continue;
        const to = cartonKey(seen, item, m.lotNumber, m.attr);
        keys.push(to, { ...to, huId: null }, ...(shares.get(key) ?? []).map((p) => ({ ...to, huId: p.huId })));
      }
      await lockStockKeys(trx, keys);
      const order = (await readOrder(trx, seen.whId, seen.orderNumber, true)) as OrderRow;
      const carton = (await readCarton(trx, seen.whId, seen.cartonNumber, true)) as CartonRow;
      refuseShipped({ ...carton, orderStatus: order.status });
      if (carton.status !== 'O') {
        throw new AppError('cartonNotOpen', { cartonNumber: carton.cartonNumber, status: `code.cartonStatus.${carton.status}` });
      }
      await sql`
        select id from t_pick_detail where id = any(${ids}::int[]) and wh_id = ${carton.whId}
          and order_number = ${carton.orderNumber} order by id for update`.execute(trx);
      const remaining = new Map(
        (await remainingLines(trx, carton.whId, carton.orderNumber)).map((r) => [
          packKey(r.pickDetailId, r.lotNumber, r.storedAttributeId),
          r,
        ]),
      );
      for (const [key, m] of merged) {
        const left = remaining.get(key);
        const leftMilli = left ? toMilli(left.remainingQty) : 0n;
        if (m.milli > leftMilli) {
          throw new AppError('packQtyTooLarge', {
            qty: fromMilli(m.milli),
            pickDetailId: m.pickDetailId,
            remaining: fromMilli(leftMilli),
          });
        }
      }
      // Carton pick follows the shelf-life rule of allocation: the order's minimum remaining life, else the item's, today.
      const { rows: shelf } = await sql<{ minShelfLifeDays: number | null }>`
        select min_shelf_life_days from t_order where wh_id = ${carton.whId} and order_number = ${carton.orderNumber}`.execute(
        trx,
      );
      const { rows: itemShelf } = await sql<{ itemNumber: string; minShelfLifeDays: number | null }>`
        select item_number, min_shelf_life_days from t_item_master
        where wh_id = ${carton.whId} and item_number = any(${[...new Set(itemOf.values())]}::varchar[])`.execute(trx);
      const itemDays = new Map(itemShelf.map((r) => [r.itemNumber, r.minShelfLifeDays]));
      const rule = await shelfLifeRule(trx, carton.whId);
      for (const [key, m] of merged) {
        const line = remaining.get(key) as RemainingRow;
        const itemNumber = itemOf.get(m.pickDetailId) ?? '';
        const minExpiry = minExpiryOf(
          rule,
          carton.clientCode,
          shelf[0]?.minShelfLifeDays ?? null,
          itemDays.get(itemNumber) ?? null,
        );
        const lineShares = shares.get(key) ?? [];
        const packed = lineShares.reduce((sum, p) => sum + p.milli, 0n) - toMilli(line.remainingQty);
        const parts = await packParts(trx, carton, line, lineShares, packed, m.milli, m.serials);
        await packLine(trx, carton, line, parts, actor, minExpiry);
      }
      const logical = await logicalWeight(trx, carton.whId, carton.cartonNumber);
      const status = weightStatus(logical, actual, await tolerancePct(trx, carton.whId, carton.clientCode));
      await sql`
        update tbl_shipping_label set status = 'C', close_time = now(), logical_weight = ${logical}::numeric,
          actual_weight = ${actual}::numeric, weight_status = ${status}, update_time = now()
        where id = ${carton.id} and status = 'O'`.execute(trx);
      await sql`
        update t_order o set status = 'P', update_time = now()
        where o.wh_id = ${carton.whId} and o.order_number = ${carton.orderNumber} and o.status = 'K'
          and not exists (select 1 from t_pick_detail d where d.wh_id = o.wh_id and d.order_number = o.order_number
            and d.packed_qty < d.picked_qty)
          and not exists (select 1 from t_wave_pick_task t where t.wh_id = o.wh_id and t.order_number = o.order_number
            and t.status = 'O')`.execute(trx);
      const after = (await readOrder(trx, carton.whId, carton.orderNumber, false)) as OrderRow;
      await recordEvent(trx, {
        type: 'carton.packed',
        warehouse: carton.whId,
        client: carton.clientCode,
        payload: {
          cartonNumber: carton.cartonNumber,
          orderNumber: carton.orderNumber,
          waveId: carton.waveId,
          lines: [...merged.values()].map((m) => ({
            pickDetailId: m.pickDetailId,
            itemNumber: itemOf.get(m.pickDetailId) ?? null,
            lotNumber: m.lotNumber,
            qty: fromMilli(m.milli),
          })),
          logicalWeight: logical,
          actualWeight: actual,
          orderStatus: after.status,
        },
      });
      return {
        cartonNumber: carton.cartonNumber,
        status: 'C',
        logicalWeight: logical,
        actualWeight: actual,
        weightStatus: status,
        remainingQty: await orderRemaining(trx, carton.whId, carton.orderNumber),
        orderStatus: after.status,
      };
    }),
  );
}

/** One part of a pack line: a place of the staging location, its quantity and the serials packed from it. */
interface PackPart {
  huId: string | null;
  qty: string;
  serials: string[];
}

/**
 * The parts a pack line takes from the staging location. Units without serials: the order's shares in their fixed
 * order (`takeFromShares`). A serial-controlled line naming its serials: where those serials wait (each on the pallet
 * it was picked onto, or off any pallet), checked again with the stock by `moveSerials`; a serial found on none of the
 * line's places stays with the first, where `moveSerials` refuses it (`serialNotHere`).
 */
async function packParts(
  trx: Trx,
  carton: CartonRow,
  line: RemainingRow,
  shares: readonly StagedShare[],
  packed: bigint,
  qty: bigint,
  serials: readonly string[],
): Promise<PackPart[]> {
  const places = shares.length > 0 ? shares : [{ huId: null, milli: 0n }];
  if (!line.serialControl || serials.length === 0) {
    return takeFromShares(places, packed, qty).map((p, i) => ({
      huId: p.huId,
      qty: fromMilli(p.milli),
      serials: i === 0 ? [...serials] : [],
    }));
  }
  // One serial per base unit of the whole line (the per-place calls below each see only their part).
  if (qty % 1000n !== 0n || qty / 1000n !== BigInt(serials.length)) {
    throw new AppError('serialCountMismatch', { itemNumber: line.itemNumber, qty: fromMilli(qty), count: serials.length });
  }
  const byPlace = new Map<string | null, string[]>();
  for (const serial of serials) {
    let place = places[0]?.huId ?? null;
    for (const p of places) {
      const here = { locationId: carton.locationId, huId: p.huId };
      if (await serialAt(trx, carton.whId, line.itemNumber, serial, here)) {
        place = p.huId;
        break;
      }
    }
    byPlace.set(place, [...(byPlace.get(place) ?? []), serial]);
  }
  return places
    .filter((p) => byPlace.has(p.huId))
    .map((p) => {
      const list = byPlace.get(p.huId) ?? [];
      return { huId: p.huId, qty: String(list.length), serials: list };
    });
}

/**
 * Moves one merged line from the staging stock into the carton, part by part (a pallet of the pallet lane, or off any
 * pallet; one PACK row each: a pallet emptied leaves the ledger, its id free again), then its carton line and pick
 * detail. Staged stock that expires before `minExpiry` (expired, or short of the order's minimum remaining life since
 * it was picked) is refused (`packStockShortDated`).
 */
async function packLine(
  trx: Trx,
  carton: CartonRow,
  line: RemainingRow,
  parts: readonly PackPart[],
  actor: Actor,
  minExpiry: string,
): Promise<void> {
  const to = cartonKey(carton, line.itemNumber, line.lotNumber, line.storedAttributeId);
  const attributes = await attributeValues(trx, line.storedAttributeId);
  let expirationDate: string | null = null;
  let total = 0n;
  for (const part of parts) {
    const from: StockKey = { ...to, huId: part.huId };
    // The serials go into the carton: picked for this order, waiting at the staging location (serials README).
    await moveSerials(
      trx,
      {
        whId: carton.whId,
        itemNumber: line.itemNumber,
        lotNumber: line.lotNumber,
        from: { locationId: from.locationId, huId: from.huId },
        to: { locationId: to.locationId, huId: to.huId },
        qty: part.qty,
        serials: part.serials,
        event: 'PACK',
        document: { type: 'CARTON', number: carton.cartonNumber, lineNumber: line.lineNumber },
        orderNumber: carton.orderNumber,
        cartonNumber: carton.cartonNumber,
      },
      actor,
    );
    const row = await takeStock(trx, from, part.qty, null);
    if (row.expirationDate !== null && row.expirationDate < minExpiry) {
      throw new AppError('packStockShortDated', {
        itemNumber: line.itemNumber,
        lotNumber: line.lotNumber ?? '',
        expirationDate: row.expirationDate,
        minExpiry,
      });
    }
    if (row.expirationDate !== null && (expirationDate === null || row.expirationDate < expirationDate)) {
      expirationDate = row.expirationDate;
    }
    await addStock(trx, to, part.qty, { expirationDate: row.expirationDate, fifoDate: row.fifoDate }, null);
    const context: TranContext = {
      category: 'OUTBOUND',
      tranType: 'PACK',
      // From a pallet: the pallet it left, beside the order line (the row's pallet is the carton).
      description: `${carton.orderNumber}/${line.lineNumber}${part.huId === null ? '' : ` ${part.huId} → ${carton.cartonNumber}`}`,
      employeeId: actor.name,
      controlNumber: carton.cartonNumber,
      lineNumber: line.lineNumber,
      fromLocationId: carton.locationId,
      toLocationId: carton.locationId,
      attributes,
    };
    await writeTranLog(trx, to, row.clientCode, part.qty, context);
    total += toMilli(part.qty);
  }
  const qty = fromMilli(total);
  const { rows: existing } = await sql<{ id: number }>`
    update tbl_shipping_label_detail set qty = qty + ${qty}::numeric, update_time = now()
    where wh_id = ${carton.whId} and carton_number = ${carton.cartonNumber} and pick_detail_id = ${line.pickDetailId}
      and lot_number is not distinct from ${line.lotNumber}
      and stored_attribute_id is not distinct from ${line.storedAttributeId}::bigint
    returning id`.execute(trx);
  if (existing.length === 0) {
    await sql`
      insert into tbl_shipping_label_detail (wh_id, carton_number, carton_type, order_number, line_number, pick_detail_id,
        client_code, item_number, lot_number, expiration_date, stored_attribute_id,
        ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)))}, qty, uom)
      values (${carton.whId}, ${carton.cartonNumber}, ${carton.cartonType}, ${carton.orderNumber}, ${line.lineNumber},
        ${line.pickDetailId}, ${carton.clientCode}, ${line.itemNumber}, ${line.lotNumber}, ${expirationDate}::date,
        ${line.storedAttributeId}::bigint, ${sql.join(attributes)}, ${qty}::numeric, ${line.uom})`.execute(trx);
  }
  await sql`
    update t_pick_detail d set packed_qty = packed_qty + ${qty}::numeric, update_time = now(),
      status = case when d.packed_qty + ${qty}::numeric >= d.picked_qty
        and not exists (select 1 from t_wave_pick_task t where t.pick_detail_id = d.id and t.status = 'O') then 'P'
        else d.status end
    where id = ${line.pickDetailId}`.execute(trx);
}

/** `exitCartonPick` (contracts.md 3): an open carton (empty) is deleted; its number is not reused. */
export async function exitCartonPick(
  db: Db,
  input: { whId: string; cartonNumber: string },
  actor: Actor,
): Promise<{ cartonNumber: string; deleted: true }> {
  return inTransaction(db, async (trx) => {
    const seen = await grantedCarton(trx, actor, input.whId, input.cartonNumber);
    const order = (await readOrder(trx, seen.whId, seen.orderNumber, true)) as OrderRow;
    const carton = (await readCarton(trx, seen.whId, seen.cartonNumber, true)) as CartonRow;
    refuseShipped({ ...carton, orderStatus: order.status });
    if (carton.status !== 'O') {
      throw new AppError('cartonNotOpen', { cartonNumber: carton.cartonNumber, status: `code.cartonStatus.${carton.status}` });
    }
    await sql`delete from tbl_shipping_label where id = ${carton.id} and status = 'O'`.execute(trx);
    return { cartonNumber: carton.cartonNumber, deleted: true };
  });
}
