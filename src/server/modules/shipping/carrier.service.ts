/**
 * The carrier of cartons whose order names none (issue 27 item 3; README "Labels", "Carrier of a carton"): a confirmed
 * order cannot be edited, so the carton — before its label — takes the carrier the packer chooses, and its label and
 * delivery follow it. Behind its own permission (`sys:tblShippingLabel:setCarrier`).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import type { Actor } from '../inventory/execute.service';
import { type CartonRow, cartonStatus, distinct, lockCartons, refuseShipped, requireWarehouse } from './shipping.guard';

export interface SetCarrierInput {
  whId: string;
  cartonNumbers: string[];
  carrierId: string;
}

/** Refuses a carton whose carrier can no longer change: shipped, in a delivery, labelled. */
function requireUnlabelled(carton: CartonRow): void {
  refuseShipped(carton);
  if (carton.status === 'D') {
    throw new AppError('cartonInDelivery', { cartonNumber: carton.cartonNumber, deliveryNumber: carton.deliveryNumber ?? '' });
  }
  if (carton.status !== 'O' && carton.status !== 'C') {
    throw new AppError('cartonCarrierLabelled', { cartonNumber: carton.cartonNumber, status: cartonStatus(carton) });
  }
}

/**
 * `setCarrier`: all or nothing, one transaction — the cartons locked by number, then their orders. Each carton must be
 * open or closed (not labelled, in a delivery or shipped), of an order naming no carrier (`cartonCarrierOfOrder`), and
 * the carrier an active carrier of the warehouse (`referenceNotFound`, `carrierInactive`). Answers the cartons changed.
 */
export async function setCartonCarrier(db: Db, input: SetCarrierInput, actor: Actor): Promise<{ cartons: number }> {
  requireWarehouse(actor, input.whId);
  const numbers = distinct(input.cartonNumbers);
  const carrierId = input.carrierId.trim();
  return inTransaction(db, async (trx) => {
    const cartons = await lockCartons(trx, actor, input.whId, numbers, requireUnlabelled);
    const { rows: orders } = await sql<{ orderNumber: string; carrierId: string | null }>`
      select order_number, carrier_id from t_order
      where wh_id = ${input.whId} and order_number = any(${cartons.map((c) => c.orderNumber)}::varchar[])`.execute(trx);
    const orderCarrier = new Map(orders.map((o) => [o.orderNumber, o.carrierId]));
    for (const carton of cartons) {
      const named = orderCarrier.get(carton.orderNumber);
      if (named)
        throw new AppError('cartonCarrierOfOrder', {
          cartonNumber: carton.cartonNumber,
          carrierId: named,
          orderNumber: carton.orderNumber,
        });
    }
    const { rows: carriers } = await sql<{ status: string }>`
      select status from t_carrier where wh_id = ${input.whId} and carrier_code = ${carrierId}`.execute(trx);
    const carrier = carriers[0];
    if (!carrier) throw new AppError('referenceNotFound', { field: 'entity.tblShippingLabel.field.carrier', value: carrierId });
    if (carrier.status !== 'A') throw new AppError('carrierInactive', { carrierId });
    const done = await sql`
      update tbl_shipping_label set carrier = ${carrierId}, update_time = now()
      where wh_id = ${input.whId} and carton_number = any(${numbers}::varchar[]) and status in ('O', 'C')`.execute(trx);
    return { cartons: Number(done.numAffectedRows ?? 0) };
  });
}
