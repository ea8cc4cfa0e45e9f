/**
 * Ship labels (`/tblShippingLabel/applyShipLabel`, README "Labels"): a closed carton gets its carrier's next express
 * number and becomes labelled (C → L). The numbers come from the warehouse's series `EXPRESS_<carrier>` in t_control —
 * a block of numbers the carrier gave the warehouse: prefix, length, next value, and `max_value` its last number. A
 * carrier without a series, or whose block is used up, is refused (`shipLabelUnavailable`), nothing changed.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import type { Actor } from '../inventory/execute.service';
import {
  type CartonRow,
  cartonStatus,
  distinct,
  lockCartons,
  refuseShipped,
  requireClients,
  requireWarehouse,
} from './shipping.guard';

export interface ApplyLabelInput {
  whId: string;
  cartonNumbers: string[];
}

export interface AppliedLabel {
  cartonNumber: string;
  shipLabelBarcode: string;
}

/** The control type of a carrier's express numbers. */
export const expressSeries = (carrierCode: string): string => `EXPRESS_${carrierCode}`;

/**
 * Takes the next express number of a carrier in the warehouse: one conditional update that matches only while the
 * block has numbers left (`next_value <= max_value`, or no end), so two callers never get the same number and the
 * last number is issued once. A missing series is not created (unlike the document series): the carrier's numbers
 * must be entered by an administrator.
 */
export async function takeExpressNumber(trx: Trx, whId: string, carrierCode: string): Promise<string> {
  const { rows } = await sql<{ value: string; prefix: string | null; numberLength: number }>`
    update t_control set next_value = next_value + 1, update_time = now()
    where wh_id = ${whId} and control_type = ${expressSeries(carrierCode)}
      and (max_value is null or next_value <= max_value)
    returning (next_value - 1)::text as value, prefix, number_length`.execute(trx);
  const row = rows[0];
  if (!row) throw new AppError('shipLabelUnavailable', { carrier: carrierCode });
  return `${row.prefix ?? ''}${row.value.padStart(row.numberLength, '0')}`;
}

/** Refuses a carton that cannot be labelled: shipped, open, already in a delivery, or without a carrier. */
function requireLabellable(carton: CartonRow): void {
  refuseShipped(carton);
  if (carton.status === 'D') {
    throw new AppError('cartonInDelivery', { cartonNumber: carton.cartonNumber, deliveryNumber: carton.deliveryNumber ?? '' });
  }
  if (carton.status === 'O') {
    throw new AppError('cartonNotClosed', { cartonNumber: carton.cartonNumber, status: cartonStatus(carton) });
  }
  if (carton.status === 'C' && !carton.carrier) {
    throw new AppError('cartonNoCarrier', { cartonNumber: carton.cartonNumber, orderNumber: carton.orderNumber });
  }
}

/**
 * `applyShipLabel`: all or nothing, cartons locked by number, then their orders. A labelled carton keeps and answers
 * its number; a closed one takes the next number of its carrier's series (in carton-number order), L, label time; the
 * first labelled carton of an order is its main express carton. Answers in the order asked.
 */
export async function applyShipLabel(db: Db, input: ApplyLabelInput, actor: Actor): Promise<AppliedLabel[]> {
  requireWarehouse(actor, input.whId);
  const numbers = distinct(input.cartonNumbers);
  return inTransaction(db, async (trx) => {
    const cartons = await lockCartons(trx, actor, input.whId, numbers, requireLabellable);
    const answer = new Map<string, string>();
    for (const carton of cartons) {
      if (carton.status === 'L' && carton.shipLabelBarcode) {
        answer.set(carton.cartonNumber, carton.shipLabelBarcode);
        continue;
      }
      const barcode = await takeExpressNumber(trx, input.whId, carton.carrier ?? '');
      await sql`
        update tbl_shipping_label c set status = 'L', ship_label_barcode = ${barcode}, label_time = now(), update_time = now(),
          main_express_flag = case when exists (select 1 from tbl_shipping_label m where m.wh_id = c.wh_id
            and m.order_number = c.order_number and m.main_express_flag = 'Y') then 'N' else 'Y' end
        where c.id = ${carton.id} and c.status = 'C'`.execute(trx);
      answer.set(carton.cartonNumber, barcode);
    }
    return numbers.map((cartonNumber) => ({ cartonNumber, shipLabelBarcode: answer.get(cartonNumber) ?? '' }));
  });
}

/**
 * The warehouse control naming the access token of the carrier / label service a warehouse's labels are requested from
 * (README "Label service token"): a row per client, else the warehouse's row without client.
 */
export const LABEL_SERVICE_TOKEN = 'LABEL_SERVICE_TOKEN';

export interface AccessTokenInput {
  whId: string;
  clientCode?: string | null;
}

/** `getAccessToken`'s answer: the token (null when none is set up) and whose row it came from (null: the warehouse's). */
export interface AccessToken {
  accessToken: string | null;
  clientCode: string | null;
}

/** `/globalOptions/getAccessToken`: the label service token of a granted warehouse (and client), read only. */
export async function labelServiceToken(db: Db, input: AccessTokenInput, actor: Actor): Promise<AccessToken> {
  const clientCode = input.clientCode?.trim() || null;
  requireWarehouse(actor, input.whId);
  if (clientCode) requireClients(actor, input.whId, [clientCode], 'write');
  const { rows } = await sql<{ value: string | null; clientCode: string | null }>`
    select control_value as value, client_code from t_whse_control
    where wh_id = ${input.whId} and control_name = ${LABEL_SERVICE_TOKEN} and (client_code = ${clientCode} or client_code is null)
      and coalesce(trim(control_value), '') <> ''
    order by client_code nulls last limit 1`.execute(db);
  const row = rows[0];
  return { accessToken: row?.value?.trim() ?? null, clientCode: row?.clientCode ?? null };
}
