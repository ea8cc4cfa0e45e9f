/**
 * Inspection of receipts awaiting it (status Q; README "Inspection"): the sample lines, and recording a line's
 * result — passed units are released where they were received (INSPECT_PASS), failed units move to an unqualified
 * (zone type D) location and stay unavailable there (INSPECT_FAIL). Each action is one transaction.
 */
import { sql } from 'kysely';
import { splitSerials } from '../../../shared/serials';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { type Grantee, grantScope, grantsClient, grantsWarehouse } from '../../platform/grants';
import type { Actor } from '../inventory/execute.service';
import {
  addStock,
  lockStockKeys,
  loggingRefusal,
  releaseUnavailable,
  type StockKey,
  type TranContext,
  takeUnavailable,
  writeTranLog,
} from '../inventory/ledger.service';
import { attributeValues } from '../inventory/tasks';
import { carrySerials, passInspectedSerials } from '../serials/serials.service';
import { QC_FAIL_HOLD } from '../serials/serials.state';

/** The reason failed units carry in the unqualified location's unavailable bucket. */
export const QC_FAIL_REASON = 'QC_FAIL';

/** A receipt row's good quantity in base units: received minus damaged, times the unit's factor. */
export const GOOD_BASE_QTY = sql`round((r.qty_received - r.qty_damaged) * r.conversion_factor, 3)`;

/** The ledger key a receipt row's stock sits under at its receiving location (an item location holds no pallet). */
export const RECEIPT_KEY_COLUMNS = sql`r.wh_id, r.location_id, r.item_number, r.lot_number,
  case when rl.item_hu_indicator = 'H' then r.hu_id end as hu_id, r.stored_attribute_id`;

export function requireWarehouse(user: Grantee, whId: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
}

/** Refuses acting on a receipt of a client the user does not hold. */
export function requireReceiptClient(user: Grantee, receipt: { whId: string; clientCode: string; receiptId: string }): void {
  if (!grantsClient(user, receipt.whId, receipt.clientCode, 'write')) {
    throw new AppError('clientNotGranted', { clientCode: receipt.clientCode, receiptId: receipt.receiptId });
  }
}

/** A status as a message value: its label in the user's language. */
export const receiptStatusLabel = (status: string): string => `code.receiptStatus.${status}`;

const LINE_COLUMNS = sql`d.id, d.wh_id, d.receipt_row_id, d.receipt_id, d.item_number, i.description as item_description,
  d.lot_number, d.location_id, trim_scale(d.qty_to_inspect)::text as qty_to_inspect,
  trim_scale(d.sample_qty)::text as sample_qty, trim_scale(d.qty_passed)::text as qty_passed,
  trim_scale(d.qty_failed)::text as qty_failed, d.fail_location_id, d.result, d.inspect_by, d.inspect_time, d.remark,
  r.client_code, r.po_number, r.line_number, r.hu_id, r.status as receipt_status, i.uom, i.sample_rate`;
const LINE_FROM = sql`t_inspection_detail d
  join t_receipt r on r.id = d.receipt_row_id
  join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number`;

/**
 * `generateInspectionDetail`: one sample line for every row of the receipt in status Q that has none (idempotent).
 * The quantity to inspect is the row's good base quantity; the sample is that times the item's sample rate, rounded
 * up to a whole unit, at least 1 and at most the quantity. Answers the receipt's lines.
 */
export async function generateInspectionDetail(
  db: Db,
  user: Grantee,
  request: { whId: string; receiptId: string },
): Promise<Row[]> {
  requireWarehouse(user, request.whId);
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ id: number; whId: string; receiptId: string; clientCode: string; status: string }>`
      select id, wh_id, receipt_id, client_code, status from t_receipt
      where wh_id = ${request.whId} and receipt_id = ${request.receiptId} order by id for update`.execute(trx);
    if (rows.length === 0) throw new AppError('notFound');
    for (const row of rows) requireReceiptClient(user, row);
    const waiting = rows.filter((r) => r.status === 'Q');
    if (waiting.length === 0) {
      throw new AppError('receiptNotAwaitingInspection', {
        receiptId: request.receiptId,
        status: receiptStatusLabel(rows[0]?.status ?? ''),
      });
    }
    // A row whose every unit was damaged has nothing to inspect (its damaged part is never inspected).
    await sql`
      insert into t_inspection_detail (wh_id, receipt_row_id, receipt_id, item_number, lot_number, location_id,
        qty_to_inspect, sample_qty)
      select r.wh_id, r.id, r.receipt_id, r.item_number, r.lot_number, r.location_id, ${GOOD_BASE_QTY},
        least(${GOOD_BASE_QTY}, greatest(1, ceil(${GOOD_BASE_QTY} * coalesce(i.sample_rate, 100) / 100.0)))
      from t_receipt r join t_item_master i on i.wh_id = r.wh_id and i.item_number = r.item_number
      where r.id = any(${waiting.map((r) => r.id)}::int[]) and ${GOOD_BASE_QTY} > 0
      on conflict (receipt_row_id) do nothing`.execute(trx);
    return inspectionLines(trx, user, { whId: request.whId, receiptId: request.receiptId });
  });
}

/** `getInspectionDetail`: the inspection lines of the warehouse (of one receipt, one result), granted clients only. */
export async function inspectionLines(
  db: Db | Trx,
  user: Grantee,
  filter: { whId: string; receiptId?: string; result?: string; clientCode?: string },
): Promise<Row[]> {
  if (!grantsWarehouse(user, filter.whId)) return [];
  const conditions = [
    sql`d.wh_id = ${filter.whId}`,
    grantScope(user, sql.ref('d.wh_id'), sql.ref('r.client_code')),
    ...(filter.receiptId ? [sql`d.receipt_id = ${filter.receiptId}`] : []),
    ...(filter.result ? [sql`d.result = ${filter.result}`] : []),
    ...(filter.clientCode ? [sql`r.client_code = ${filter.clientCode}`] : []),
  ];
  const { rows } = await sql<Row>`
    select ${LINE_COLUMNS} from ${LINE_FROM} where ${sql.join(conditions, sql` and `)}
    order by d.receipt_id desc, r.line_number, d.id limit 1000`.execute(db);
  return rows;
}

/**
 * The receipt rows awaiting inspection (status Q) of the warehouse, granted clients only, with their inspection
 * line when it exists: what the inspection screen starts from. A row whose result is recorded no longer awaits one,
 * though it stays Q when every unit failed (README "Inspection").
 */
export async function receiptsAwaitingInspection(
  db: Db,
  user: Grantee,
  filter: { whId: string; clientCode?: string },
): Promise<Row[]> {
  if (!grantsWarehouse(user, filter.whId)) return [];
  const { rows } = await sql<Row>`
    select r.id, r.wh_id, r.receipt_id, r.client_code, r.po_number, r.line_number, r.item_number,
      i.description as item_description, r.lot_number, r.hu_id, r.location_id, i.uom, i.sample_rate,
      trim_scale(${GOOD_BASE_QTY})::text as good_qty, r.receipt_date, d.id as inspection_id, d.result
    from t_receipt r
    join t_item_master i on i.wh_id = r.wh_id and i.item_number = r.item_number
    left join t_inspection_detail d on d.receipt_row_id = r.id
    where r.wh_id = ${filter.whId} and r.status = 'Q' and (d.id is null or d.result = 'N')
      and ${grantScope(user, sql.ref('r.wh_id'), sql.ref('r.client_code'))}
      ${filter.clientCode ? sql`and r.client_code = ${filter.clientCode}` : sql``}
    order by r.receipt_id desc, r.line_number, r.id limit 1000`.execute(db);
  return rows;
}

export interface InspectionResult {
  id: number;
  qtyPassed: string;
  qtyFailed: string;
  failLocationId?: string | null;
  remark?: string | null;
  /** A serial-controlled item: the serials of the failed units (needed unless the whole row fails). */
  serialNumbers?: unknown;
}

interface LockedLine {
  id: number;
  receiptRowId: number;
  receiptId: string;
  lineNumber: number;
  whId: string;
  clientCode: string;
  result: string;
  receiptStatus: string;
  qtyToInspect: string;
  sampleQty: string;
  key: StockKey;
  huId: string | null;
  attributes: Row;
}

/** Exact decimal comparison of numeric(18, 3) texts: the thousandths as integers. */
export const milli = (qty: string): bigint => {
  const [whole = '0', fraction = ''] = qty.replace(/^\+/, '').split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3)));
};

/**
 * `recordInspection`: passed + failed must equal the quantity to inspect. Passed units become available at the
 * receiving location; failed units leave it for an unqualified location, entering there unavailable (reason
 * QC_FAIL). The line gets P (nothing failed) or F; the receipt row records the sample and the failed quantity and
 * goes Q → R when anything passed (ready for putaway). When everything failed it stays Q: nothing of it is left to
 * put away, and its recorded line (F, failed = all) says why.
 */
export async function recordInspection(db: Db, actor: Actor, input: InspectionResult): Promise<Row> {
  const { rows } = await sql<{ whId: string; receiptId: string }>`
    select wh_id, receipt_id from t_inspection_detail where id = ${input.id}`.execute(db);
  const document = rows[0];
  if (!document) throw new AppError('notFound');
  requireWarehouse(actor, document.whId);
  // A refused result is kept in the exception log, like every refused stock action.
  const refusal = {
    whId: document.whId,
    category: 'INBOUND' as const,
    tranType: milli(input.qtyFailed) > 0n ? 'INSPECT_FAIL' : 'INSPECT_PASS',
    controlNumber: document.receiptId,
  };
  return loggingRefusal(db, { ...refusal, user: actor.name }, () => recordInTransaction(db, actor, input));
}

async function recordInTransaction(db: Db, actor: Actor, input: InspectionResult): Promise<Row> {
  return inTransaction(db, async (trx) => {
    const line = await lockLine(trx, actor, input.id);
    if (line.result !== 'N') {
      throw new AppError('inspectionAlreadyRecorded', {
        receiptId: line.receiptId,
        lineNumber: line.lineNumber,
        result: `code.inspectionResult.${line.result}`,
      });
    }
    if (line.receiptStatus !== 'Q') {
      throw new AppError('receiptNotAwaitingInspection', {
        receiptId: line.receiptId,
        status: receiptStatusLabel(line.receiptStatus),
      });
    }
    const passed = milli(input.qtyPassed);
    const failed = milli(input.qtyFailed);
    if (passed + failed !== milli(line.qtyToInspect)) {
      throw new AppError('inspectionQtyMismatch', { passed: input.qtyPassed, failed: input.qtyFailed, qty: line.qtyToInspect });
    }
    const failKey = failed > 0n ? await failDestination(trx, line, input.failLocationId ?? null) : null;
    const serialDocument = { type: 'RECEIPT', number: line.receiptId, lineNumber: line.lineNumber };
    await lockStockKeys(trx, failKey ? [line.key, failKey] : [line.key]);
    const context = (tranType: 'INSPECT_PASS' | 'INSPECT_FAIL', toLocationId: string | null): TranContext => ({
      category: 'INBOUND',
      tranType,
      description: `${line.receiptId}/${line.lineNumber}`,
      employeeId: actor.name,
      controlNumber: line.receiptId,
      lineNumber: line.lineNumber,
      fromLocationId: line.key.locationId,
      toLocationId,
      attributes: attributeValues(line.attributes),
    });
    if (passed > 0n) await releaseUnavailable(trx, line.key, input.qtyPassed, context('INSPECT_PASS', line.key.locationId));
    if (failKey) {
      const taken = await takeUnavailable(trx, line.key, input.qtyFailed, null);
      await addStock(
        trx,
        failKey,
        input.qtyFailed,
        {
          expirationDate: taken.expirationDate,
          fifoDate: taken.fifoDate,
          unavailableQty: input.qtyFailed,
          reasonId: QC_FAIL_REASON,
        },
        null,
      );
      // One log row for the move: from the receiving location to the unqualified one.
      await writeTranLog(trx, line.key, line.clientCode, input.qtyFailed, context('INSPECT_FAIL', failKey.locationId));
      // The failed units' serials go with them and stay held there (QC_FAIL).
      await carrySerials(
        trx,
        {
          from: line.key,
          to: { locationId: failKey.locationId, huId: failKey.huId },
          qty: input.qtyFailed,
          serials: input.serialNumbers,
          whole: passed === 0n,
          status: 'HOLD',
          receiptRowId: line.receiptRowId,
          arrive: { status: 'HOLD', holdReason: QC_FAIL_HOLD },
          event: 'INSPECT_FAIL',
          document: serialDocument,
        },
        actor,
      );
    } else if (splitSerials(input.serialNumbers).length > 0) {
      // Serials name failed units: none failed, none may be named.
      const count = splitSerials(input.serialNumbers).length;
      throw new AppError('serialCountMismatch', { itemNumber: line.key.itemNumber, qty: '0', count });
    }
    // The passed units' serials (all the receipt row's still held for inspection) are IN again.
    if (passed > 0n) await passInspectedSerials(trx, line.key, line.receiptRowId, serialDocument, actor);
    await sql`
      update t_inspection_detail set qty_passed = ${input.qtyPassed}::numeric, qty_failed = ${input.qtyFailed}::numeric,
        fail_location_id = ${failKey?.locationId ?? null}, result = ${failed > 0n ? 'F' : 'P'},
        inspect_by = ${actor.name}, inspect_time = now(), remark = ${input.remark ?? null}, update_time = now()
      where id = ${line.id} and result = 'N'`.execute(trx);
    await sql`
      update t_receipt set qty_inspect = ${line.sampleQty}::numeric, qty_back = ${input.qtyFailed}::numeric,
        status = ${passed > 0n ? 'R' : 'Q'}, update_time = now()
      where id = ${line.receiptRowId} and status = 'Q'`.execute(trx);
    const [answer] = await inspectionLines(trx, actor, { whId: line.whId, receiptId: line.receiptId }).then((rows) =>
      rows.filter((r) => r.id === line.id),
    );
    // The line just recorded is the actor's (checked above): it is always found.
    if (!answer) throw new AppError('notFound');
    return answer;
  });
}

/** The inspection line and its receipt row, both locked; refuses a line outside the user's warehouses or clients. */
async function lockLine(trx: Trx, user: Grantee, id: number): Promise<LockedLine> {
  const { rows } = await sql<Row & { whId: string; clientCode: string; receiptId: string }>`
    select d.id, d.receipt_row_id, d.receipt_id, d.result, trim_scale(d.qty_to_inspect)::text as qty_to_inspect,
      trim_scale(d.sample_qty)::text as sample_qty, r.wh_id, r.client_code, r.status as receipt_status, r.line_number,
      r.hu_id as receipt_hu_id, ${RECEIPT_KEY_COLUMNS},
      ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`r.generic_attr_value${i + 1}`)))}
    from t_inspection_detail d
    join t_receipt r on r.id = d.receipt_row_id
    join t_location rl on rl.wh_id = r.wh_id and rl.location_id = r.location_id
    where d.id = ${id}
    for update of d, r`.execute(trx);
  const row = rows[0];
  if (!row) throw new AppError('notFound');
  requireWarehouse(user, row.whId);
  requireReceiptClient(user, row);
  return {
    id: Number(row.id),
    receiptRowId: Number(row.receiptRowId),
    receiptId: row.receiptId,
    lineNumber: Number(row.lineNumber),
    whId: row.whId,
    clientCode: row.clientCode,
    result: String(row.result),
    receiptStatus: String(row.receiptStatus),
    qtyToInspect: String(row.qtyToInspect),
    sampleQty: String(row.sampleQty),
    huId: (row.receiptHuId as string | null) ?? null,
    key: {
      whId: row.whId,
      locationId: String(row.locationId),
      itemNumber: String(row.itemNumber),
      lotNumber: (row.lotNumber as string | null) ?? null,
      huId: (row.huId as string | null) ?? null,
      storedAttributeId: row.storedAttributeId === null ? null : Number(row.storedAttributeId),
    },
    attributes: row,
  };
}

/**
 * Where failed units go: an active location of an unqualified (type D) zone. A pallet location keeps the receipt's
 * pallet and needs one; an item location takes the units off their pallet.
 */
async function failDestination(trx: Trx, line: LockedLine, failLocationId: string | null): Promise<StockKey> {
  if (!failLocationId) throw new AppError('failLocationRequired');
  const { rows } = await sql<{ status: string; itemHuIndicator: string; zoneType: string | null }>`
    select l.status, l.item_hu_indicator, z.zone_type from t_location l
    left join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone
    where l.wh_id = ${line.whId} and l.location_id = ${failLocationId} for key share of l`.execute(trx);
  const location = rows[0];
  if (location?.status !== 'A') throw new AppError('locationNotActive', { locationId: failLocationId });
  if (location.zoneType !== 'D') throw new AppError('failLocationNotUnqualified', { locationId: failLocationId });
  const pallet = location.itemHuIndicator === 'H';
  if (pallet && !line.huId) throw new AppError('palletNotAllowEmpty');
  return { ...line.key, locationId: failLocationId, huId: pallet ? line.huId : null };
}
