import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';
import { createInventoryFixture, FIX } from './inventoryFixture';

/**
 * The inventory fixture (items, locations, clients TINVC and TINVD of WH01) plus what receiving needs: an inbound dock
 * door staged at an item staging location, an outbound door, a pallet staging location, a vendor, an item awaiting
 * inspection when received (sample rate 10) and a tolerance row per client. POs are written straight to the tables
 * (`insertPo`): the PO screens and their routes are tested in their own module.
 */
export const IN = {
  ...FIX,
  staging: 'TRCV-STG',
  palletStaging: 'TRCV-STGP',
  door: 'TRCV-D1',
  outDoor: 'TRCV-D2',
  vendor: 'TRCV-V',
  itemQc: 'TRCV-QC',
} as const;

export async function createInboundFixture(db: Db): Promise<void> {
  await createInventoryFixture(db);
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status) values
      (${IN.whId}, ${IN.staging}, 'S', 'I', 'A'), (${IN.whId}, ${IN.palletStaging}, 'S', 'H', 'A')`.execute(db);
  await sql`
    insert into t_dock_door (wh_id, door_id, description, door_type, staging_location_id) values
      (${IN.whId}, ${IN.door}, '收货月台 Inbound door', 'I', ${IN.staging}),
      (${IN.whId}, ${IN.outDoor}, '发货月台 Outbound door', 'O', ${IN.staging})`.execute(db);
  await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${IN.whId}, ${IN.vendor}, '测试供应商 Test vendor')`.execute(
    db,
  );
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, sample_rate)
    values (${IN.whId}, ${IN.client}, ${IN.itemQc}, '抽检件 Sampled part', 'EA', 'N', 10)`.execute(db);
}

export interface PoLineInput {
  lineNumber: number;
  itemNumber: string;
  qty: string;
  orderUom?: string;
  lotNumber?: string | null;
  /** Attribute values 1…11 fixed on the line, with their stored attribute id. */
  attributes?: { storedAttributeId: number; values: (string | null)[] };
}

/** Writes a PO (status O) of a client with its lines straight to the tables. */
export async function insertPo(
  db: Db,
  poNumber: string,
  lines: PoLineInput[],
  options: { clientCode?: string; status?: string } = {},
): Promise<void> {
  await sql`
    insert into t_po_master (wh_id, client_code, po_number, vendor_code, status)
    values (${IN.whId}, ${options.clientCode ?? IN.client}, ${poNumber}, ${IN.vendor}, ${options.status ?? 'O'})`.execute(db);
  for (const l of lines) {
    const values = Array.from({ length: 11 }, (_, i) => l.attributes?.values[i] ?? null);
    await sql`
      insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom, lot_number, stored_attribute_id,
        generic_attr_value1, generic_attr_value2, generic_attr_value3, generic_attr_value4, generic_attr_value5,
        generic_attr_value6, generic_attr_value7, generic_attr_value8, generic_attr_value9, generic_attr_value10,
        generic_attr_value11)
      values (${IN.whId}, ${poNumber}, ${l.lineNumber}, ${l.itemNumber}, ${l.qty}::numeric, ${l.orderUom ?? 'EA'},
        ${l.lotNumber ?? null}, ${l.attributes?.storedAttributeId ?? null}::bigint, ${sql.join(values.map((v) => sql`${v}`))})`.execute(
      db,
    );
  }
}

/** Sets a tolerance control: the client's row, or the warehouse's (clientCode null). */
export async function setTolerance(db: Db, clientCode: string | null, pct: string): Promise<void> {
  await sql`delete from t_whse_control where wh_id = ${IN.whId} and control_name = 'OVER_RECEIPT_PCT'
    and client_code is not distinct from ${clientCode}`.execute(db);
  await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
    values (${IN.whId}, 'OVER_RECEIPT_PCT', ${clientCode}, ${pct})`.execute(db);
}

/** One PO line's totals, as exact decimal strings without trailing zeros. */
export async function lineTotals(db: Db, poNumber: string, lineNumber: number): Promise<{ received: string; damaged: string }> {
  const { rows } = await sql<{ received: string; damaged: string }>`
    select trim_scale(qty_received)::text as received, trim_scale(qty_damaged)::text as damaged from t_po_detail
    where wh_id = ${IN.whId} and po_number = ${poNumber} and line_number = ${lineNumber}`.execute(db);
  return rows[0] ?? { received: '', damaged: '' };
}

/** The ledger rows of an item, exact, in a stable order. */
export async function stockOf(db: Db, itemNumber: string) {
  const { rows } = await sql<{
    locationId: string;
    lotNumber: string | null;
    huId: string | null;
    actual: string;
    unavailable: string;
    reasonId: string | null;
  }>`
    select location_id, lot_number, hu_id, trim_scale(actual_qty)::text as actual, trim_scale(unavailable_qty)::text as unavailable,
      reason_id
    from t_stored_item where wh_id = ${IN.whId} and item_number = ${itemNumber}
    order by location_id, lot_number nulls first, hu_id nulls first`.execute(db);
  return rows;
}
