/**
 * The part of the serial rules the stock ledger itself calls (README "Holds"): the history writer every serial event
 * shares, and HOLD / release of the serials at a held ledger row's place. It imports nothing of the ledger, so the
 * ledger's `setHold` can call it: every hold of stock — the stock query's hold, the expiry job, a short pick — holds the
 * serials there in the same transaction, and every release frees them.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';

/** What changed a serial (`tbl_sn_history.event`). */
export type SerialEvent =
  | 'RECEIVE'
  | 'RECEIVE_DELETE'
  | 'PUTAWAY'
  | 'MOVE'
  | 'PICK'
  | 'PACK'
  | 'SPLIT'
  | 'SHIP'
  | 'ADJUST_IN'
  | 'ADJUST_OUT'
  | 'HOLD'
  | 'RELEASE'
  | 'INSPECT_PASS'
  | 'INSPECT_FAIL';

/** The document an event belongs to: its type (RECEIPT, PICK, CARTON, DELIVERY, MOVE, ADJUST, HOLD), number and line. */
export interface SerialDocument {
  type: string;
  number: string;
  lineNumber?: number | null;
}

/** The hold reasons a ledger release does not undo: inspection's own (its result does). */
export const INSPECT_HOLD = 'INSPECT';
export const QC_FAIL_HOLD = 'QC_FAIL';

/** A ledger row's place as serials record it: item, location, pallet (or carton) and lot. */
export interface SerialSpot {
  whId: string;
  itemNumber: string;
  locationId: string;
  huId: string | null;
  lotNumber: string | null;
}

/** Writes one history row per serial from the master rows' state after the event. */
export async function logEvents(
  trx: Trx,
  whId: string,
  itemNumber: string,
  serials: readonly string[],
  event: SerialEvent,
  document: SerialDocument,
  employeeId: string,
): Promise<void> {
  if (serials.length === 0) return;
  await sql`
    insert into tbl_sn_history (wh_id, item_number, serial_number, event, status, location_id, hu_id, lot_number,
      order_number, carton_number, delivery_number, document_type, document_number, line_number, employee_id)
    select wh_id, item_number, serial_number, ${event}, status, location_id, hu_id, lot_number, order_number,
      carton_number, delivery_number, ${document.type}, ${document.number}, ${document.lineNumber ?? null}::int, ${employeeId}
    from tbl_sn_master
    where wh_id = ${whId} and item_number = ${itemNumber} and serial_number = any(${serials as string[]}::varchar[])
    order by serial_number`.execute(trx);
}

/** The master rows at a place (item, location, pallet or carton, lot). */
export const atSpot = (spot: SerialSpot) => sql`wh_id = ${spot.whId} and item_number = ${spot.itemNumber}
  and location_id = ${spot.locationId} and hu_id is not distinct from ${spot.huId}
  and lot_number is not distinct from ${spot.lotNumber}`;

/**
 * A ledger row held (status A → H, `reason`): every serial IN at its place is HOLD with that reason (event HOLD,
 * document HOLD / the reason). Released (H → A): the serials held there by a ledger hold are IN again (event RELEASE);
 * those held by inspection (INSPECT, QC_FAIL) stay HOLD until their inspection result frees them.
 */
export async function holdSerialsAt(
  trx: Trx,
  spot: SerialSpot,
  hold: boolean,
  reason: string | null,
  employeeId: string,
): Promise<number> {
  const { rows } = hold
    ? await sql<{ serialNumber: string }>`
        update tbl_sn_master set status = 'HOLD', hold_reason = ${reason ?? 'HOLD'}, update_by = ${employeeId},
          update_time = now()
        where ${atSpot(spot)} and status = 'IN'
        returning serial_number`.execute(trx)
    : await sql<{ serialNumber: string }>`
        update tbl_sn_master set status = 'IN', hold_reason = null, update_by = ${employeeId}, update_time = now()
        where ${atSpot(spot)} and status = 'HOLD'
          and coalesce(hold_reason, '') not in (${INSPECT_HOLD}, ${QC_FAIL_HOLD})
        returning serial_number`.execute(trx);
  const serials = rows.map((r) => r.serialNumber);
  await logEvents(
    trx,
    spot.whId,
    spot.itemNumber,
    serials,
    hold ? 'HOLD' : 'RELEASE',
    { type: 'HOLD', number: reason ?? (hold ? 'HOLD' : 'RELEASE') },
    employeeId,
  );
  return serials.length;
}
