/**
 * Split carton (spec 001 §2.11, §4, §5 "Split carton form"; contracts.md 4; README "Split carton"): part of one carton
 * line moves into a new carton of the same order. One transaction: the source carton's ledger key of the line first,
 * then the order, the source carton, the line; the new carton's number is taken last (the CARTON series row, as
 * getNextCarton takes it after the order) and its key, which nobody else can know yet, locked then. Both cartons'
 * logical weights are recomputed and their actual weights cleared (weight status N): both must be weighed again.
 */
import { sql } from 'kysely';
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
  lockStoredItem,
  loggingRefusal,
  takeStock,
  toMilli,
  writeTranLog,
} from '../inventory/ledger.service';
import { takeNextNumber } from '../masterdata/control.service';
import { carrySerials } from '../serials/serials.service';
import { attributeValues, cartonKey, logicalWeight } from './cartons.service';
import { readCarton, refuseShipped } from './shipping.guard';

/** The body of splitCarton (spec 001 §7): the carton line, the quantity to move, the new carton's type, the session's user. */
export interface SplitInput {
  id: number;
  qty: string | number;
  cartonType: string;
  userName: string;
  localId: number;
  /** A serial-controlled item: the serials of the units moving to the new carton (needed unless all of them move). */
  serialNumbers?: unknown;
}

/** What a split did, for its message. */
export interface SplitOutcome {
  cartonNumber: string;
  newCartonNumber: string;
  qty: string;
}

interface LineRow {
  id: number;
  whId: string;
  cartonNumber: string;
  orderNumber: string;
  lineNumber: number;
  itemNumber: string;
  lotNumber: string | null;
  storedAttributeId: number | null;
  clientCode: string;
  qty: string;
}

async function readLine(trx: Trx, id: number, lock: boolean): Promise<LineRow | null> {
  const { rows } = await sql<LineRow>`
    select id, wh_id, carton_number, order_number, line_number, item_number, lot_number, stored_attribute_id, client_code,
      trim_scale(qty)::text as qty
    from tbl_shipping_label_detail where id = ${id} ${lock ? sql`for update` : sql``}`.execute(trx);
  const line = rows[0];
  if (!line) return null;
  return { ...line, storedAttributeId: line.storedAttributeId === null ? null : Number(line.storedAttributeId) };
}

/** A split quantity: a positive integer without leading zero (spec 001 §5). */
const SPLIT_QTY = /^[1-9]\d{0,11}$/;

/** `splitCarton` (see the file comment); a refusal is kept in the exception log and thrown (the route answers it). */
export async function splitCarton(db: Db, input: SplitInput, actor: Actor): Promise<SplitOutcome> {
  const { rows: known } = await sql<{ whId: string; cartonNumber: string }>`
    select wh_id, carton_number from tbl_shipping_label_detail where id = ${input.id}`.execute(db);
  const what = {
    whId: known[0]?.whId ?? '',
    category: 'OUTBOUND' as const,
    tranType: 'SPLIT',
    controlNumber: known[0]?.cartonNumber ?? String(input.id),
    user: actor.name,
  };
  return loggingRefusal(db, what, () =>
    inTransaction(db, async (trx) => {
      if (input.userName !== actor.name) throw new AppError('splitUserNotYours', { userName: input.userName });
      const qty = String(input.qty ?? '').trim();
      if (!SPLIT_QTY.test(qty)) throw new AppError('splitQtyInvalid', { qty });
      const seen = await readLine(trx, input.id, false);
      if (!seen) throw new AppError('notFound');
      if (!grantsWarehouse(actor, seen.whId)) throw new AppError('warehouseNotGranted', { whId: seen.whId });
      if (!grantsClient(actor, seen.whId, seen.clientCode, 'write')) {
        throw new AppError('clientNotGranted', { clientCode: seen.clientCode });
      }
      const { rows: types } = await sql`
        select 1 from tbl_carton_type where wh_id = ${seen.whId} and carton_type = ${input.cartonType} and status = 'A'`.execute(
        trx,
      );
      if (types.length === 0) {
        throw new AppError('referenceNotFound', { field: 'entity.tblShippingLabel.field.cartonType', value: input.cartonType });
      }
      const source = await readCarton(trx, seen.whId, seen.cartonNumber, false);
      if (!source) throw new AppError('notFound');
      const from = cartonKey(source, seen.itemNumber, seen.lotNumber, seen.storedAttributeId);
      await lockStockKeys(trx, [from]);
      const { rows: orders } = await sql<{ status: string }>`
        select status from t_order where wh_id = ${source.whId} and order_number = ${source.orderNumber} for update`.execute(trx);
      const carton = await readCarton(trx, source.whId, source.cartonNumber, true);
      const line = await readLine(trx, input.id, true);
      if (!carton || !line) throw new AppError('notFound');
      refuseShipped({ ...carton, orderStatus: orders[0]?.status ?? '' });
      const status = `code.cartonStatus.${carton.status}`;
      if (carton.status === 'D') {
        throw new AppError('cartonInDelivery', {
          cartonNumber: carton.cartonNumber,
          deliveryNumber: carton.deliveryNumber ?? '',
        });
      }
      if (carton.status === 'O') throw new AppError('cartonNotClosed', { cartonNumber: carton.cartonNumber, status });
      const { rows: totals } = await sql<{ total: string }>`
        select trim_scale(coalesce(sum(qty), 0))::text as total from tbl_shipping_label_detail
        where wh_id = ${carton.whId} and carton_number = ${carton.cartonNumber}`.execute(trx);
      const total = totals[0]?.total ?? '0';
      if (toMilli(qty) > toMilli(line.qty) || toMilli(qty) >= toMilli(total)) {
        throw new AppError('splitQtyTooLarge', { qty, lineQty: line.qty, cartonNumber: carton.cartonNumber, total });
      }

      const newNumber = await takeNextNumber(trx, carton.whId, 'CARTON');
      const to = cartonKey({ ...carton, cartonNumber: newNumber }, line.itemNumber, line.lotNumber, line.storedAttributeId);
      await lockStockKeys(trx, [to]);
      await sql`
        insert into tbl_shipping_label (wh_id, carton_number, order_number, wave_id, client_code, location_id, carton_type,
          carton_seq, carrier, status, first_carton_flag, split_remark, create_by, close_time)
        select c.wh_id, ${newNumber}, c.order_number, c.wave_id, c.client_code, c.location_id, ${input.cartonType},
          (select max(carton_seq) + 1 from tbl_shipping_label m where m.wh_id = c.wh_id and m.order_number = c.order_number),
          c.carrier, 'C', 'N', ${`${carton.cartonNumber} → ${newNumber}`}, ${actor.name}, now()
        from tbl_shipping_label c where c.id = ${carton.id}`.execute(trx);

      const row = await takeStock(trx, from, qty, null);
      await addStock(trx, to, qty, { expirationDate: row.expirationDate, fifoDate: row.fifoDate }, null);
      // The moved units' serials go into the new carton with them.
      await carrySerials(
        trx,
        {
          from,
          to: { locationId: to.locationId, huId: to.huId, cartonNumber: newNumber },
          qty,
          serials: input.serialNumbers,
          whole: (await lockStoredItem(trx, from)) === null,
          status: 'IN',
          cartonNumber: carton.cartonNumber,
          event: 'SPLIT',
          document: { type: 'CARTON', number: carton.cartonNumber, lineNumber: line.lineNumber },
        },
        actor,
      );
      await writeTranLog(trx, to, row.clientCode, qty, {
        category: 'OUTBOUND',
        tranType: 'SPLIT',
        description: `${carton.cartonNumber} → ${newNumber}`,
        employeeId: actor.name,
        controlNumber: carton.cartonNumber,
        lineNumber: line.lineNumber,
        fromLocationId: carton.locationId,
        toLocationId: carton.locationId,
        attributes: await attributeValues(trx, line.storedAttributeId),
      });

      await sql`
        insert into tbl_shipping_label_detail (wh_id, carton_number, carton_type, order_number, line_number, pick_detail_id,
          client_code, item_number, lot_number, expiration_date, stored_attribute_id,
          ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)))}, qty, uom)
        select wh_id, ${newNumber}, ${input.cartonType}, order_number, line_number, pick_detail_id, client_code, item_number,
          lot_number, expiration_date, stored_attribute_id,
          ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)))}, ${qty}::numeric, uom
        from tbl_shipping_label_detail where id = ${line.id}`.execute(trx);
      if (toMilli(qty) === toMilli(line.qty)) {
        await sql`delete from tbl_shipping_label_detail where id = ${line.id}`.execute(trx);
      } else {
        await sql`
          update tbl_shipping_label_detail set qty = qty - ${qty}::numeric, update_time = now() where id = ${line.id}`.execute(
          trx,
        );
      }
      for (const number of [carton.cartonNumber, newNumber]) {
        const weight = await logicalWeight(trx, carton.whId, number);
        await sql`
          update tbl_shipping_label set logical_weight = ${weight}::numeric, actual_weight = null, weight_status = 'N',
            update_time = now()
          where wh_id = ${carton.whId} and carton_number = ${number}`.execute(trx);
      }
      return { cartonNumber: carton.cartonNumber, newCartonNumber: newNumber, qty: fromMilli(toMilli(qty)) };
    }),
  );
}
