/**
 * Receiving (`globalOptions/addReceipt`): one received quantity of one PO line, one transaction — PO header then line
 * locked, tolerance, location, lot and attributes checked, the ledger keys locked, stock entered through the ledger
 * (RECEIVE; the damaged part, and everything awaiting inspection, into the unavailable bucket), the receipt row
 * written, the line's totals and the PO's status moved. Receipt corrections (receipts.service.ts) reuse the pieces.
 */
import { sql } from 'kysely';
import { isCalendarDate, matchesRule } from '../../../shared/validation';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction, onCommit } from '../../db/transaction';
import { type Actor, holdsPermission, type PermissionHolder } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { business } from '../../platform/metrics';
import { ACCEPT_SHORT_DATED, addDays, dayControl, daysBetween, daysFor, today } from '../inventory/expiry';
import {
  addStock,
  lockStockKeys,
  loggingRefusal,
  type StockKey,
  type TranContext,
  takeStock,
  takeUnavailable,
  writeTranLog,
} from '../inventory/ledger.service';
import { storedAttributeIdForItem } from '../masterdata/attributes.service';
import { takeNextNumber } from '../masterdata/control.service';
import { MIN_SHELF_LIFE_DAYS } from '../masterdata/controls';
import { enterSerials } from '../serials/serials.service';
import { INSPECT_HOLD } from '../serials/serials.state';
import { recordEvent } from '../webhooks/events';
import { changeLineTotals, lockPo, lockPoLine, type PoHeader, type PoLine } from './receiving.po';

/** The body of addReceipt (quantities in the line's order unit). */
export interface ReceiptInput {
  whId: string;
  poNumber: string;
  lineNumber: number;
  /** Good and damaged together. */
  qty: string | number;
  qtyDamaged?: string | number | null;
  lotNumber?: string | null;
  expirationDate?: string | null;
  huId?: string | null;
  masterHuId?: string | null;
  doorId?: string | null;
  locationId?: string | null;
  /** Continue an arrival already numbered (same PO); else the warehouse's next receipt number. */
  receiptId?: string | null;
  /** A serial-controlled item: one serial per base unit (a list, or text with one a line). */
  serialNumbers?: readonly string[] | string | null;
  [attribute: `genericAttrValue${number}`]: string | null | undefined;
}

/** What addReceipt answers: the receipt row. */
export interface ReceiptAnswer {
  id: number;
  receiptId: string;
  status: 'R' | 'Q';
  qtyReceived: string;
  qtyDamaged: string;
  locationId: string;
  baseQty: string;
}

const SLOTS = Array.from({ length: 11 }, (_, i) => i + 1);
const field = (name: string) => `entity.tReceipt.field.${name}`;
export const blank = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

interface ReceivingItem {
  itemNumber: string;
  clientCode: string;
  uom: string;
  lotControl: 'Y' | 'N';
  attributeCollectionId: string | null;
  sampleRate: number | null;
  shelfLife: number | null;
}

/** The line's item (active) and the conversion factor of the line's order unit to the item's base unit. */
async function receivingItem(trx: Trx, whId: string, line: PoLine): Promise<ReceivingItem & { factor: string }> {
  const { rows } = await sql<ReceivingItem & { factor: string | null }>`
    select i.item_number, i.client_code, i.uom, i.lot_control, i.attribute_collection_id, i.sample_rate, i.shelf_life,
      case when i.uom = ${line.orderUom} then '1' else u.conversion_factor::text end as factor
    from t_item_master i
    left join t_item_uom u on u.wh_id = i.wh_id and u.item_number = i.item_number and u.uom = ${line.orderUom} and u.status = 'A'
    where i.wh_id = ${whId} and i.item_number = ${line.itemNumber} and i.status = 'A'`.execute(trx);
  const item = rows[0];
  if (!item) throw new AppError('itemNotFound', { itemNumber: line.itemNumber });
  if (item.factor === null) throw new AppError('fieldInvalid', { field: field('uom') });
  return { ...item, factor: item.factor };
}

/** The quantities of a receipt as typed: qty > 0, damaged 0 … qty, each with at most 3 decimals. */
function quantities(qty: unknown, damaged: unknown): { qty: string; damaged: string } {
  const q = String(qty ?? '').trim();
  if (!matchesRule('qtyPositive', q)) throw new AppError('fieldQtyPositive', { field: field('qtyReceived') });
  const d = blank(damaged) ?? '0';
  if (!matchesRule('qtyNonNegative', d)) throw new AppError('fieldQtyNonNegative', { field: field('qtyDamaged') });
  if (Number(d) > Number(q)) throw new AppError('receiptDamagedAboveQty', { qtyDamaged: d, qty: q });
  return { qty: q, damaged: d };
}

/**
 * Lot and expiry: a lot-controlled item needs both (and the line's lot when it names one); others carry no lot, but an
 * expiry when one is typed or the item has a shelf life (README "Expiry and shelf life": expiry for items without lot
 * control). An item with a shelf life and no typed expiry expires `shelfLife` days after the receipt date (`receivedOn`,
 * today).
 */
function lotAndExpiry(
  item: ReceivingItem,
  line: PoLine,
  input: { lotNumber?: unknown; expirationDate?: unknown },
  receivedOn: string,
) {
  const shelfLife = item.shelfLife ?? 0;
  const expirationDate = blank(input.expirationDate) ?? (shelfLife > 0 ? addDays(receivedOn, shelfLife) : null);
  if (item.lotControl !== 'Y') {
    if (expirationDate !== null && !isCalendarDate(expirationDate))
      throw new AppError('fieldNotDate', { field: field('expirationDate') });
    return { lotNumber: null, expirationDate };
  }
  const lotNumber = blank(input.lotNumber);
  if (!lotNumber || !expirationDate) throw new AppError('lotAndExpiryRequired', { lineNumber: line.lineNumber });
  if (!isCalendarDate(expirationDate)) throw new AppError('fieldNotDate', { field: field('expirationDate') });
  if (line.lotNumber && line.lotNumber !== lotNumber) {
    throw new AppError('receiptLotMismatch', { lineNumber: line.lineNumber, lotNumber: line.lotNumber });
  }
  return { lotNumber, expirationDate };
}

/** A receiving location: active; a pallet (H) location needs the pallet id, an item (I) location takes none. */
async function receivingPlace(trx: Trx, whId: string, locationId: string, huId: string | null): Promise<string | null> {
  const { rows } = await sql<{ status: string; itemHuIndicator: 'I' | 'H' }>`
    select status, item_hu_indicator from t_location where wh_id = ${whId} and location_id = ${locationId}
    for key share`.execute(trx);
  const place = rows[0];
  if (place?.status !== 'A') throw new AppError('locationNotActive', { locationId });
  if (place.itemHuIndicator === 'H' && !huId) throw new AppError('palletNotAllowEmpty', { locationId });
  return place.itemHuIndicator === 'H' ? huId : null;
}

/** The receiving location: the one given, else the dock door's staging location (the door must be an inbound one). */
async function receivingLocation(trx: Trx, whId: string, doorId: string | null, locationId: string | null): Promise<string> {
  if (doorId) {
    const { rows } = await sql<{ stagingLocationId: string | null }>`
      select staging_location_id from t_dock_door
      where wh_id = ${whId} and door_id = ${doorId} and door_type in ('I', 'B') and status = 'A'`.execute(trx);
    const door = rows[0];
    if (!door) throw new AppError('referenceNotFound', { field: field('doorId'), value: doorId });
    if (!locationId && door.stagingLocationId) return door.stagingLocationId;
  }
  if (!locationId) throw new AppError('fieldRequired', { field: field('locationId') });
  return locationId;
}

/** The stored attribute id and values: the line's when it fixes them, else those typed (none without attribute types). */
async function receiptAttributes(trx: Trx, whId: string, item: ReceivingItem, line: PoLine, input: Record<string, unknown>) {
  if (line.storedAttributeId !== null) {
    return { storedAttributeId: line.storedAttributeId, values: SLOTS.map((n) => line[`genericAttrValue${n}`] ?? null) };
  }
  const typed = SLOTS.map((n) => blank(input[`genericAttrValue${n}`]));
  const storedAttributeId = await storedAttributeIdForItem(
    trx,
    { whId, attributeCollectionId: item.attributeCollectionId },
    typed,
  );
  return { storedAttributeId, values: storedAttributeId === null ? SLOTS.map(() => null) : typed };
}

/** Where a receipt's stock is in the ledger and how much of it (base unit), as receipts and their corrections see it. */
export interface ReceiptStock {
  key: StockKey;
  receiptId: string;
  lineNumber: number;
  poNumber: string;
  base: string;
  damagedBase: string;
  /** Awaiting inspection: the good part is unavailable too. */
  inspect: boolean;
  expirationDate: string | null;
  attributes: readonly (string | null)[];
  /** Appended to the description of the receipt's tran_log rows (a short-dated lot accepted: `SHORT-DATED 12/30`). */
  note?: string;
}

/** Base-unit quantities of a receipt: qty × the unit's conversion factor, rounded to the ledger's 3 decimals. */
export async function baseQuantities(trx: Trx, qty: string, damaged: string, factor: string) {
  const { rows } = await sql<{ base: string; damagedBase: string }>`
    select trim_scale(round(${qty}::numeric * ${factor}::numeric, 3))::text as base,
      trim_scale(round(${damaged}::numeric * ${factor}::numeric, 3))::text as damaged_base`.execute(trx);
  const row = rows[0];
  if (!row || Number(row.base) <= 0) throw new AppError('fieldQtyPositive', { field: field('qtyReceived') });
  return row;
}

const context = (stock: ReceiptStock, tranType: string, actor: Actor, into: boolean): TranContext => ({
  category: 'INBOUND',
  tranType,
  description: `${stock.poNumber}/${stock.lineNumber}${stock.note ? ` ${stock.note}` : ''}`,
  employeeId: actor.name,
  controlNumber: stock.receiptId,
  lineNumber: stock.lineNumber,
  fromLocationId: into ? null : stock.key.locationId,
  toLocationId: into ? stock.key.locationId : null,
  attributes: stock.attributes,
});

/** Enters a receipt's stock: the damaged part — everything when awaiting inspection — unavailable, with its reason. */
export async function enterReceiptStock(trx: Trx, stock: ReceiptStock, tranType: string, actor: Actor): Promise<void> {
  const unavailable = stock.inspect ? stock.base : stock.damagedBase;
  const reasonId = Number(stock.damagedBase) > 0 ? 'DAMAGED' : stock.inspect ? 'INSPECT' : null;
  await addStock(
    trx,
    stock.key,
    stock.base,
    { expirationDate: stock.expirationDate, unavailableQty: unavailable, reasonId },
    context(stock, tranType, actor, true),
  );
}

/**
 * Takes a receipt's stock back out of the ledger row it entered (its unavailable part from the bucket, the rest from
 * available stock), logged as one row of the whole quantity. Refuses with `receiptStockMoved` when the row no longer
 * holds it: something took it away, so the receipt is not untouched.
 */
export async function reverseReceiptStock(trx: Trx, stock: ReceiptStock, tranType: string, actor: Actor): Promise<void> {
  const unavailable = stock.inspect ? stock.base : stock.damagedBase;
  const { rows } = await sql<{
    good: string;
  }>`select trim_scale(${stock.base}::numeric - ${unavailable}::numeric)::text as good`.execute(trx);
  const good = rows[0]?.good ?? '0';
  try {
    if (Number(unavailable) > 0) await takeUnavailable(trx, stock.key, unavailable, null);
    if (Number(good) > 0) await takeStock(trx, stock.key, good, null);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError('receiptStockMoved', {
        receiptId: stock.receiptId,
        lineNumber: stock.lineNumber,
        locationId: stock.key.locationId,
        itemNumber: stock.key.itemNumber,
      });
    }
    throw error;
  }
  const { rows: client } = await sql<{ clientCode: string }>`
    select client_code from t_item_master where wh_id = ${stock.key.whId} and item_number = ${stock.key.itemNumber}`.execute(trx);
  await writeTranLog(trx, stock.key, client[0]?.clientCode ?? null, `-${stock.base}`, context(stock, tranType, actor, false));
}

/** Everything a receipt row stores besides its numbers, checked and resolved for one line. */
export interface CheckedReceipt {
  stock: ReceiptStock;
  qty: string;
  damaged: string;
  uom: string;
  factor: string;
  lotNumber: string | null;
  huId: string | null;
  status: 'R' | 'Q';
}

/**
 * Runs the receipt's checks in the house order (quantities, location and pallet, lot and expiry, attributes) and
 * resolves its ledger key and base quantities. Shared by addReceipt and receiptAdjustment.
 */
export async function checkReceipt(
  trx: Trx,
  po: PoHeader,
  line: PoLine,
  input: Record<string, unknown>,
  where: { receiptId: string; locationId: string },
): Promise<CheckedReceipt> {
  const { qty, damaged } = quantities(input.qty, input.qtyDamaged);
  const item = await receivingItem(trx, po.whId, line);
  const huId = await receivingPlace(trx, po.whId, where.locationId, blank(input.huId));
  const { lotNumber, expirationDate } = lotAndExpiry(item, line, input, await today(trx));
  const { storedAttributeId, values } = await receiptAttributes(trx, po.whId, item, line, input);
  const { base, damagedBase } = await baseQuantities(trx, qty, damaged, item.factor);
  const inspect = (item.sampleRate ?? 0) > 0;
  return {
    qty,
    damaged,
    uom: line.orderUom,
    factor: item.factor,
    lotNumber,
    huId,
    status: inspect ? 'Q' : 'R',
    stock: {
      key: { whId: po.whId, locationId: where.locationId, itemNumber: line.itemNumber, lotNumber, huId, storedAttributeId },
      receiptId: where.receiptId,
      lineNumber: line.lineNumber,
      poNumber: po.poNumber,
      base,
      damagedBase,
      inspect,
      expirationDate,
      attributes: values,
    },
  };
}

/**
 * The expiry rules of receiving (README "Expiry and shelf life"): an expired lot (expiry before today) is refused; a lot
 * with fewer days left than the minimum remaining shelf life (the item's `minShelfLifeDays`, else MIN_SHELF_LIFE_DAYS:
 * client row, else warehouse row, else 0) needs sys:tReceipt:acceptShortDated and is then noted on its RECEIVE tran_log row
 * (`PO/line SHORT-DATED <days left>/<minimum>`).
 */
export async function checkReceiptExpiry(
  trx: Trx,
  po: PoHeader,
  checked: CheckedReceipt,
  actor: Actor & PermissionHolder,
): Promise<void> {
  const expiry = checked.stock.expirationDate;
  if (expiry === null) return;
  const now = await today(trx);
  const left = daysBetween(now, expiry);
  const lotNumber = checked.lotNumber ?? '';
  if (left < 0) throw new AppError('receiptLotExpired', { lotNumber, expirationDate: expiry });
  // The item's own minimum first, else the client's control, else the warehouse's (README "Expiry and shelf life").
  const { rows } = await sql<{ minShelfLifeDays: number | null }>`
    select min_shelf_life_days from t_item_master
    where wh_id = ${po.whId} and item_number = ${checked.stock.key.itemNumber}`.execute(trx);
  const minimum = rows[0]?.minShelfLifeDays ?? daysFor(await dayControl(trx, po.whId, MIN_SHELF_LIFE_DAYS), po.clientCode, 0);
  if (left >= minimum) return;
  if (!holdsPermission(actor, ACCEPT_SHORT_DATED)) {
    throw new AppError('receiptShortDated', { lotNumber, expirationDate: expiry, daysLeft: left, minDays: minimum });
  }
  checked.stock.note = `SHORT-DATED ${left}/${minimum}`;
}

/** The receipt number of this arrival: the one given when it already numbers receipts of this PO, else the next. */
async function arrivalNumber(trx: Trx, po: PoHeader, receiptId: string | null): Promise<string> {
  if (!receiptId) return takeNextNumber(trx, po.whId, 'RECEIPT');
  const { rows } = await sql<{ poNumber: string }>`
    select po_number from t_receipt where wh_id = ${po.whId} and receipt_id = ${receiptId} limit 1`.execute(trx);
  const other = rows[0]?.poNumber;
  if (other !== po.poNumber) throw new AppError('receiptOtherPo', { receiptId, poNumber: other ?? '' });
  return receiptId;
}

/** `addReceipt`: receives one quantity of one PO line (see the file comment); a refusal is kept in the exception log. */
export async function addReceipt(db: Db, input: ReceiptInput, actor: Actor): Promise<ReceiptAnswer> {
  return loggingRefusal(
    db,
    { whId: input.whId, category: 'INBOUND', tranType: 'RECEIVE', controlNumber: input.poNumber, user: actor.name },
    () =>
      inTransaction(db, async (trx) => {
        const po = await lockPo(trx, actor, input.whId, input.poNumber);
        const line = await lockPoLine(trx, po, input.lineNumber);
        const doorId = blank(input.doorId);
        const locationId = await receivingLocation(trx, po.whId, doorId, blank(input.locationId));
        const receiptId = await arrivalNumber(trx, po, blank(input.receiptId));
        const checked = await checkReceipt(trx, po, line, { ...input }, { receiptId, locationId });
        await checkReceiptExpiry(trx, po, checked, actor);
        await changeLineTotals(trx, po, line, checked.qty, checked.damaged);
        await lockStockKeys(trx, [checked.stock.key]);
        await enterReceiptStock(trx, checked.stock, 'RECEIVE', actor);
        const { key } = checked.stock;
        const { rows } = await sql<{ id: number }>`
          insert into t_receipt (wh_id, receipt_id, client_code, vendor_code, po_number, line_number, item_number, uom,
            conversion_factor, lot_number, expiration_date, hu_id, master_hu_id, stored_attribute_id,
            ${sql.join(SLOTS.map((n) => sql.ref(`generic_attr_value${n}`)))},
            qty_received, qty_damaged, location_id, door_id, status, receive_by)
          values (${po.whId}, ${receiptId}, ${po.clientCode}, ${po.vendorCode}, ${po.poNumber}, ${line.lineNumber},
            ${line.itemNumber}, ${checked.uom}, ${checked.factor}::numeric, ${key.lotNumber}, ${checked.stock.expirationDate}::date,
            ${key.huId}, ${blank(input.masterHuId)}, ${key.storedAttributeId}::bigint,
            ${sql.join(checked.stock.attributes.map((v) => sql`${v}`))},
            ${checked.qty}::numeric, ${checked.damaged}::numeric, ${locationId}, ${doorId}, ${checked.status}, ${actor.name})
          returning id`.execute(trx);
        await enterSerials(
          trx,
          {
            key,
            clientCode: po.clientCode,
            baseQty: checked.stock.base,
            serials: input.serialNumbers,
            event: 'RECEIVE',
            document: { type: 'RECEIPT', number: receiptId, lineNumber: line.lineNumber },
            receiptId,
            receiptRowId: rows[0]?.id ?? null,
            // Awaiting inspection, the units are unavailable: their serials are held until the result (serials README "Holds").
            holdReason: checked.status === 'Q' ? INSPECT_HOLD : null,
          },
          actor,
        );
        // The first receipt moves the PO from open to receiving.
        await sql`update t_po_master set status = 'R', update_time = now() where id = ${po.id} and status = 'O'`.execute(trx);
        onCommit(trx, () => business.receiptsPosted.inc());
        await recordEvent(trx, {
          type: 'receipt.posted',
          warehouse: po.whId,
          client: po.clientCode,
          payload: {
            receiptId,
            poNumber: po.poNumber,
            lineNumber: line.lineNumber,
            itemNumber: line.itemNumber,
            lotNumber: key.lotNumber,
            qtyReceived: checked.qty,
            qtyDamaged: checked.damaged,
            uom: checked.uom,
            baseQty: checked.stock.base,
            locationId,
            status: checked.status,
          },
        });
        return {
          id: rows[0]?.id ?? 0,
          receiptId,
          status: checked.status,
          qtyReceived: checked.qty,
          qtyDamaged: checked.damaged,
          locationId,
          baseQty: checked.stock.base,
        };
      }),
  );
}
