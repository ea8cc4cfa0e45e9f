import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';

/**
 * A small, self-contained stock world in warehouse WH01 (codes prefixed TINV so they never meet the demo data):
 * item locations TINV-I1/I2, pallet locations TINV-H1/H2, an inactive location, a plain item, a lot item, an item
 * with attributes and one whose attribute collection names no type, a HOLD reason, and a second client (TINVD)
 * owning one plain item.
 */
export const FIX = {
  whId: 'WH01',
  client: 'TINVC',
  itemPlain: 'TINV-PLAIN',
  itemLot: 'TINV-LOT',
  itemAttr: 'TINV-ATTR',
  collection: 'TINV-COLL',
  itemNoTypes: 'TINV-NOTYPES',
  collectionNoTypes: 'TINV-EMPTY',
  otherClient: 'TINVD',
  itemOther: 'TINVD-PLAIN',
  i1: 'TINV-I1',
  i2: 'TINV-I2',
  h1: 'TINV-H1',
  h2: 'TINV-H2',
  inactive: 'TINV-OFF',
  holdReason: 'TINV-QC',
} as const;

export async function createInventoryFixture(db: Db): Promise<void> {
  await sql`
    insert into t_client (wh_id, client_code, name) values
      (${FIX.whId}, ${FIX.client}, '库存测试客户'), (${FIX.whId}, ${FIX.otherClient}, '另一客户')`.execute(db);
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status) values
      (${FIX.whId}, ${FIX.i1}, 'I', 'I', 'A'), (${FIX.whId}, ${FIX.i2}, 'M', 'I', 'A'),
      (${FIX.whId}, ${FIX.h1}, 'F', 'H', 'A'), (${FIX.whId}, ${FIX.h2}, 'F', 'H', 'A'),
      (${FIX.whId}, ${FIX.inactive}, 'M', 'I', 'I')`.execute(db);
  await sql`
    insert into t_attribute_collection (wh_id, attribute_collection_id, description, attribute_type1, attribute_type3)
    values (${FIX.whId}, ${FIX.collection}, '颜色尺码 Colour and size', '颜色 Colour', '尺码 Size'),
      (${FIX.whId}, ${FIX.collectionNoTypes}, '无属性 No attributes', null, null)`.execute(db);
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, shelf_life, attribute_collection_id)
    values
      (${FIX.whId}, ${FIX.client}, ${FIX.itemPlain}, '螺丝 Screw', 'EA', 'N', null, null),
      (${FIX.whId}, ${FIX.client}, ${FIX.itemLot}, '牛奶 Milk', 'EA', 'Y', 30, null),
      (${FIX.whId}, ${FIX.client}, ${FIX.itemAttr}, 'T恤 T-shirt', 'EA', 'N', null, ${FIX.collection}),
      (${FIX.whId}, ${FIX.client}, ${FIX.itemNoTypes}, '纸箱 Carton', 'EA', 'N', null, ${FIX.collectionNoTypes}),
      (${FIX.whId}, ${FIX.otherClient}, ${FIX.itemOther}, '螺母 Nut', 'EA', 'N', null, null)`.execute(db);
  await sql`
    insert into t_item_uom (wh_id, item_number, uom, conversion_factor) values (${FIX.whId}, ${FIX.itemPlain}, 'CS', 12)`.execute(
    db,
  );
  await sql`
    insert into t_reason (wh_id, reason_type, reason_id, description) values
      (${FIX.whId}, 'HOLD', ${FIX.holdReason}, '质检冻结 QC hold')`.execute(db);
}

export interface LineInput {
  itemNumber: string;
  qty: string;
  lotNumber?: string | null;
  huId?: string | null;
  expirationDate?: string | null;
}

/** Writes a movement task and its lines straight to the tables (the line screens are tested elsewhere). */
export async function insertMovement(db: Db, taskId: string, lines: (LineInput & { from: string; to: string })[]): Promise<void> {
  await sql`insert into tbl_inv_movement (wh_id, task_id) values (${FIX.whId}, ${taskId})`.execute(db);
  let n = 0;
  for (const l of lines) {
    n++;
    await sql`
      insert into tbl_inv_movement_detail (wh_id, task_id, line_number, item_number, lot_number, source_location_id,
        hu_id, dest_location_id, qty, uom, expiration_date)
      values (${FIX.whId}, ${taskId}, ${n}, ${l.itemNumber}, ${l.lotNumber ?? null}, ${l.from}, ${l.huId ?? null},
        ${l.to}, ${l.qty}::numeric, 'EA', ${l.expirationDate ?? null}::date)`.execute(db);
  }
}

/** Writes an adjustment task and its lines straight to the tables. */
export async function insertAdjustment(db: Db, taskId: string, lines: (LineInput & { at: string })[]): Promise<void> {
  await sql`insert into tbl_inv_adjustment (wh_id, task_id, reason_id) values (${FIX.whId}, ${taskId}, 'CORR')`.execute(db);
  let n = 0;
  for (const l of lines) {
    n++;
    await sql`
      insert into tbl_inv_adjustment_detail (wh_id, task_id, line_number, location_id, hu_id, item_number, lot_number,
        qty, uom, expiration_date)
      values (${FIX.whId}, ${taskId}, ${n}, ${l.at}, ${l.huId ?? null}, ${l.itemNumber}, ${l.lotNumber ?? null},
        ${l.qty}::numeric, 'EA', ${l.expirationDate ?? null}::date)`.execute(db);
  }
}

export interface LedgerRow {
  locationId: string;
  itemNumber: string;
  lotNumber: string | null;
  huId: string | null;
  actualQty: string;
  status: string;
  expirationDate: string | null;
}

/** The whole fixture ledger, in a stable order. */
export async function ledger(db: Db): Promise<LedgerRow[]> {
  const { rows } = await sql<LedgerRow>`
    select location_id, item_number, lot_number, hu_id, actual_qty::text as actual_qty, status,
      to_char(expiration_date, 'YYYY-MM-DD') as expiration_date
    from t_stored_item where client_code = ${FIX.client}
    order by location_id, item_number, lot_number nulls first, hu_id nulls first`.execute(db);
  return rows;
}
