import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';
import { addReceipt } from '../../src/server/modules/inbound/receiving.service';
import { everyGrant } from '../../src/server/modules/inventory/execute.service';
import { addStock, lockStockKeys } from '../../src/server/modules/inventory/ledger.service';

/**
 * An inspection and putaway world in warehouse WH01 (codes prefixed TQA so they never meet the demo data). Each
 * putaway scenario has its own item class, routed by a putaway rule to its own storage zone:
 * - Z1 (class C1): capacity, split, emptiest, picking flow, single-item and staging locations;
 * - Z2 (class C2): same item and lot first, capacity in another unit (cases of 12);
 * - Z3 (class C3): pallet locations with capacity in pallets (48 a pallet), one item location;
 * - Z4: the warehouse's default rule (no class), for class C9 which has no rule of its own.
 * D is the unqualified zone (failed units), Q an inspection zone, STG the receiving staging lanes.
 */
export const QA = {
  whId: 'WH01',
  client: 'TQAC',
  otherClient: 'TQAD',
  po: 'TQA-PO1',
  otherPo: 'TQA-PO2',
  itemInspect: 'TQA-INSP',
  itemInspectPallet: 'TQA-INSPP',
  itemZ1: 'TQA-Z1',
  itemZ1b: 'TQA-Z1B',
  itemLot: 'TQA-LOT',
  itemPallet: 'TQA-PAL',
  itemDefault: 'TQA-DEF',
  itemCup: 'TQA-CUP',
  itemOther: 'TQA-OTH',
  receiving: 'TQA-RCV',
  receivingPallet: 'TQA-RCVP',
  fail: 'TQA-DMG',
  failPallet: 'TQA-DMGP',
  qcLocation: 'TQA-QLOC',
} as const;

export async function createPutawayFixture(db: Db): Promise<void> {
  const w = QA.whId;
  await sql`insert into t_client (wh_id, client_code, name) values (${w}, ${QA.client}, '质检客户 QA client'),
    (${w}, ${QA.otherClient}, '其他客户 Other client')`.execute(db);
  await sql`insert into t_item_class (wh_id, class_id, description) values (${w}, 'TQA-C1', 'C1'), (${w}, 'TQA-C2', 'C2'),
    (${w}, 'TQA-C3', 'C3'), (${w}, 'TQA-C5', 'C5'), (${w}, 'TQA-C9', 'C9')`.execute(db);
  await sql`insert into t_zone (wh_id, zone, description, zone_type) values (${w}, 'TQA-Z1', 'Z1', 'A'), (${w}, 'TQA-Z2', 'Z2', 'A'),
    (${w}, 'TQA-Z3', 'Z3', 'A'), (${w}, 'TQA-Z4', 'Z4', 'A'), (${w}, 'TQA-Z5', 'Z5', 'A'), (${w}, 'TQA-D', 'D', 'D'), (${w}, 'TQA-Q', 'Q', 'Q'),
    (${w}, 'TQA-STG', 'STG', 'A')`.execute(db);
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status, zone, picking_flow, capacity_uom, capacity_qty)
    values
      (${w}, ${QA.receiving}, 'S', 'I', 'A', 'TQA-STG', 0, null, null),
      (${w}, ${QA.receivingPallet}, 'S', 'H', 'A', 'TQA-STG', 0, null, null),
      (${w}, ${QA.fail}, 'M', 'I', 'A', 'TQA-D', 0, null, null),
      (${w}, ${QA.failPallet}, 'M', 'H', 'A', 'TQA-D', 0, null, null),
      (${w}, ${QA.qcLocation}, 'M', 'I', 'A', 'TQA-Q', 0, null, null),
      (${w}, 'TQA-Z1-01', 'M', 'I', 'A', 'TQA-Z1', 10, 'EA', 10),
      (${w}, 'TQA-Z1-02', 'M', 'I', 'A', 'TQA-Z1', 1, 'EA', 10),
      (${w}, 'TQA-Z1-03', 'I', 'I', 'A', 'TQA-Z1', 0, null, null),
      (${w}, 'TQA-Z1-05', 'M', 'I', 'A', 'TQA-Z1', 15, 'EA', 10),
      (${w}, 'TQA-Z1-OFF', 'M', 'I', 'I', 'TQA-Z1', 0, null, null),
      (${w}, 'TQA-Z1-STG', 'S', 'I', 'A', 'TQA-Z1', 0, null, null),
      (${w}, 'TQA-Z1-PAL', 'F', 'H', 'A', 'TQA-Z1', 0, null, null),
      (${w}, 'TQA-Z2-01', 'M', 'I', 'A', 'TQA-Z2', 1, 'CS', 2),
      (${w}, 'TQA-Z2-02', 'M', 'I', 'A', 'TQA-Z2', 50, null, null),
      (${w}, 'TQA-Z3-P1', 'F', 'H', 'A', 'TQA-Z3', 10, 'PL', 1),
      (${w}, 'TQA-Z3-P2', 'F', 'H', 'A', 'TQA-Z3', 20, 'PL', 2),
      (${w}, 'TQA-Z3-I1', 'M', 'I', 'A', 'TQA-Z3', 30, null, null),
      (${w}, 'TQA-Z4-01', 'M', 'I', 'A', 'TQA-Z4', 1, null, null),
      (${w}, 'TQA-Z5-01', 'M', 'I', 'A', 'TQA-Z5', 1, 'EA', 8)`.execute(db);
  // The fixture's own default rule replaces the demo's (shelving, pallet racks) in this test database.
  await sql`delete from t_putaway_rule where wh_id = ${w} and class_id is null`.execute(db);
  await sql`insert into t_putaway_rule (wh_id, class_id, zone, priority) values (${w}, 'TQA-C1', 'TQA-Z1', 1),
    (${w}, 'TQA-C2', 'TQA-Z2', 1), (${w}, 'TQA-C3', 'TQA-Z3', 1), (${w}, 'TQA-C5', 'TQA-Z5', 1), (${w}, null, 'TQA-Z4', 1)`.execute(
    db,
  );
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, sample_rate, class_id)
    values
      (${w}, ${QA.client}, ${QA.itemInspect}, '待检商品 Inspected item', 'EA', 'N', 10, 'TQA-C1'),
      (${w}, ${QA.client}, ${QA.itemInspectPallet}, '整托待检 Inspected pallet item', 'EA', 'N', 100, 'TQA-C3'),
      (${w}, ${QA.client}, ${QA.itemZ1}, '普通商品 Plain item', 'EA', 'N', null, 'TQA-C1'),
      (${w}, ${QA.client}, ${QA.itemZ1b}, '另一商品 Another item', 'EA', 'N', null, 'TQA-C1'),
      (${w}, ${QA.client}, ${QA.itemLot}, '批次商品 Lot item', 'EA', 'Y', null, 'TQA-C2'),
      (${w}, ${QA.client}, ${QA.itemPallet}, '整托商品 Pallet item', 'EA', 'N', null, 'TQA-C3'),
      (${w}, ${QA.client}, ${QA.itemDefault}, '默认规则商品 Default-rule item', 'EA', 'N', null, 'TQA-C9'),
      (${w}, ${QA.client}, ${QA.itemCup}, '杯装商品 Cup item', 'CUP', 'N', null, 'TQA-C5'),
      (${w}, ${QA.otherClient}, ${QA.itemOther}, '他人商品 Other client item', 'EA', 'N', 20, 'TQA-C1')`.execute(db);
  await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor) values
    (${w}, ${QA.itemInspect}, 'EA', 1), (${w}, ${QA.itemInspectPallet}, 'EA', 1), (${w}, ${QA.itemZ1}, 'EA', 1),
    (${w}, ${QA.itemZ1b}, 'EA', 1), (${w}, ${QA.itemLot}, 'EA', 1), (${w}, ${QA.itemLot}, 'CS', 12),
    (${w}, ${QA.itemPallet}, 'EA', 1), (${w}, ${QA.itemPallet}, 'PL', 48), (${w}, ${QA.itemDefault}, 'EA', 1),
    (${w}, ${QA.itemOther}, 'EA', 1), (${w}, ${QA.itemCup}, 'CUP', 1), (${w}, ${QA.itemInspect}, 'CS', 10), (${w}, ${QA.itemInspectPallet}, 'PL', 10)
    on conflict do nothing`.execute(db);
  await sql`insert into t_po_master (wh_id, client_code, po_number, status) values (${w}, ${QA.client}, ${QA.po}, 'R'),
    (${w}, ${QA.otherClient}, ${QA.otherPo}, 'R')`.execute(db);
  const items = [
    QA.itemInspect,
    QA.itemInspectPallet,
    QA.itemZ1,
    QA.itemZ1b,
    QA.itemLot,
    QA.itemPallet,
    QA.itemDefault,
    QA.itemCup,
  ];
  for (const [i, item] of items.entries()) {
    await sql`insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
      select ${w}, ${QA.po}, ${i + 1}, ${item}, 100000, uom from t_item_master where wh_id = ${w} and item_number = ${item}`.execute(
      db,
    );
  }
  await sql`insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
    values (${w}, ${QA.po}, ${items.length + 1}, ${QA.itemInspect}, 100000, 'CS'),
      (${w}, ${QA.otherPo}, 1, ${QA.itemOther}, 100000, 'EA')`.execute(db);
}

export interface ReceiveInput {
  itemNumber: string;
  qty: number;
  damaged?: number;
  /** The PO line's order unit (EA, or CS for the inspected item's case line). */
  uom?: string;
  lotNumber?: string | null;
  huId?: string | null;
  locationId?: string;
  /** A test's name for the arrival; its first receipt takes the real number, later ones continue it (see `rid`). */
  receiptId: string;
}

const arrivals = new Map<string, string>();

/** The receipt number `addReceipt` gave the arrival a test calls by this name. */
export function rid(label: string): string {
  const number = arrivals.get(label);
  if (!number) throw new Error(`no receipt ${label} yet`);
  return number;
}

/** Receives through receiving's own `addReceipt` (ledger, buckets, t_receipt row: Q when the item has a sample rate). */
export async function receive(db: Db, input: ReceiveInput): Promise<number> {
  const { rows } = await sql<{ poNumber: string; lineNumber: number }>`
    select d.po_number, d.line_number from t_po_detail d join t_item_master i
      on i.wh_id = d.wh_id and i.item_number = d.item_number
    where d.wh_id = ${QA.whId} and d.po_number in (${QA.po}, ${QA.otherPo}) and d.item_number = ${input.itemNumber}
      and d.order_uom = ${input.uom ?? 'EA'}`.execute(db);
  const line = rows[0];
  if (!line) throw new Error(`no PO line for ${input.itemNumber}`);
  const answer = await addReceipt(
    db,
    {
      whId: QA.whId,
      poNumber: line.poNumber,
      lineNumber: line.lineNumber,
      qty: input.qty,
      qtyDamaged: input.damaged ?? 0,
      lotNumber: input.lotNumber ?? null,
      expirationDate: input.lotNumber ? '2030-01-31' : null,
      huId: input.huId ?? null,
      locationId: input.locationId ?? (input.huId ? QA.receivingPallet : QA.receiving),
      receiptId: arrivals.get(input.receiptId) ?? null,
    },
    everyGrant('test'),
  );
  arrivals.set(input.receiptId, answer.receiptId);
  return answer.id;
}

/** Puts stock straight into a location (what a location already holds before a suggestion). */
export async function stockAt(db: Db, locationId: string, itemNumber: string, qty: number, lotNumber: string | null = null) {
  await db.transaction().execute(async (trx) => {
    const key = { whId: QA.whId, locationId, itemNumber, lotNumber, huId: null, storedAttributeId: null };
    await lockStockKeys(trx, [key]);
    await addStock(trx, key, String(qty), { expirationDate: lotNumber ? '2030-01-31' : null }, null);
  });
}

/** One ledger row's actual and unavailable quantities and reason (null when there is no row). */
export async function stockRow(
  db: Db,
  locationId: string,
  itemNumber: string,
  huId: string | null = null,
  lot: string | null = null,
) {
  const { rows } = await sql<{ actualQty: string; unavailableQty: string; reasonId: string | null }>`
    select trim_scale(actual_qty)::text as actual_qty, trim_scale(unavailable_qty)::text as unavailable_qty, reason_id
    from t_stored_item where wh_id = ${QA.whId} and location_id = ${locationId} and item_number = ${itemNumber}
      and hu_id is not distinct from ${huId} and lot_number is not distinct from ${lot}`.execute(db);
  return rows[0] ?? null;
}
