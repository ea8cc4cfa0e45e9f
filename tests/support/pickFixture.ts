import { sql } from 'kysely';
import { saveRow } from '../../src/server/crud/crud.service';
import type { Db } from '../../src/server/db/connect';
import { inTransaction } from '../../src/server/db/transaction';
import { addStock, lockStockKeys, type StockKey } from '../../src/server/modules/inventory/ledger.service';
import { storedAttributeIdForItem } from '../../src/server/modules/masterdata/attributes.service';
import { buildWave, type OrderLineInput } from '../../src/server/modules/outbound/waveBuild';
import { WAVE_BINDINGS } from '../../src/server/modules/outbound/waves.bindings';
import { holdWaves } from '../../src/server/modules/outbound/waves.service';
import type { SessionUser } from '../../src/server/platform/context';
import { createInventoryFixture, FIX } from './inventoryFixture';
import { createConfirmedOrder, ORDER_FIXTURE_USER } from './orderFixture';

/**
 * The inventory fixture plus what allocation and picking need in WH01 (codes prefixed TPK): a storage zone (type A) with
 * item locations in two pick areas and a pallet location, a zone awaiting inspection (type Q), a staging location, a
 * work type. Waves ready for release are built through the order and wave services (`insertWave`: orders confirmed,
 * the wave N, the orders loaded into it by a wave-load profile, W). Stock enters through the ledger's `addStock`
 * (`putStock`).
 */
export const PK = {
  ...FIX,
  zoneA: 'TPK-ZA',
  zoneQ: 'TPK-ZQ',
  p1: 'TPK-P1',
  p2: 'TPK-P2',
  p3: 'TPK-P3',
  pallet: 'TPK-H1',
  qc: 'TPK-Q1',
  staging: 'TPK-STG',
  workType: 'TPK-WT',
  areaA: 'TPK-AR1',
  areaB: 'TPK-AR2',
} as const;

export async function createPickFixture(db: Db): Promise<void> {
  await createInventoryFixture(db);
  await createPickPlaces(db);
}

/** The pick fixture's zones, locations and work type alone, on a database that already has the inventory fixture. */
export async function createPickPlaces(db: Db): Promise<void> {
  await sql`
    insert into t_zone (wh_id, zone, description, zone_type) values
      (${PK.whId}, ${PK.zoneA}, '拣货区 Picking', 'A'), (${PK.whId}, ${PK.zoneQ}, '待检区 Inspection', 'Q')`.execute(db);
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status, zone, picking_flow, pick_area) values
      (${PK.whId}, ${PK.p1}, 'I', 'I', 'A', ${PK.zoneA}, 20, ${PK.areaA}),
      (${PK.whId}, ${PK.p2}, 'I', 'I', 'A', ${PK.zoneA}, 10, ${PK.areaA}),
      (${PK.whId}, ${PK.p3}, 'I', 'I', 'A', ${PK.zoneA}, 30, ${PK.areaB}),
      (${PK.whId}, ${PK.pallet}, 'F', 'H', 'A', ${PK.zoneA}, 40, ${PK.areaB}),
      (${PK.whId}, ${PK.qc}, 'I', 'I', 'A', ${PK.zoneQ}, 1, ${PK.areaA}),
      (${PK.whId}, ${PK.staging}, 'S', 'I', 'A', null, null, null)`.execute(db);
  await sql`insert into t_work_type (wh_id, work_type, description) values (${PK.whId}, ${PK.workType}, '拣货 Picking')`.execute(
    db,
  );
}

export interface StockInput {
  at: string;
  itemNumber: string;
  qty: string;
  lotNumber?: string | null;
  huId?: string | null;
  expirationDate?: string | null;
  fifoDate?: string | null;
  /** Attribute values by slot 1–11 (an item with attribute types), e.g. `['Red', null, 'M']`. */
  attributes?: (string | null)[];
}

/** Puts stock in through the ledger (RECEIVE rows), as receiving would. */
export async function putStock(db: Db, rows: StockInput[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    const keys: StockKey[] = [];
    for (const r of rows) {
      const { rows: items } = await sql<{ attributeCollectionId: string | null }>`
        select attribute_collection_id from t_item_master
        where wh_id = ${PK.whId} and item_number = ${r.itemNumber}`.execute(trx);
      const collection = { whId: PK.whId, attributeCollectionId: items[0]?.attributeCollectionId ?? null };
      keys.push({
        whId: PK.whId,
        locationId: r.at,
        itemNumber: r.itemNumber,
        lotNumber: r.lotNumber ?? null,
        huId: r.huId ?? null,
        storedAttributeId: r.attributes ? await storedAttributeIdForItem(trx, collection, r.attributes) : null,
      });
    }
    await lockStockKeys(trx, keys);
    for (const [i, r] of rows.entries()) {
      const key = keys[i] as StockKey;
      await addStock(
        trx,
        key,
        r.qty,
        { expirationDate: r.expirationDate ?? null, fifoDate: r.fifoDate ?? null },
        {
          category: 'INBOUND',
          tranType: 'RECEIVE',
          description: 'fixture',
          employeeId: 'fixture',
          controlNumber: null,
          lineNumber: null,
          fromLocationId: null,
          toLocationId: r.at,
        },
      );
    }
  });
}

export interface OrderInput {
  orderNumber: string;
  priority?: number;
  clientCode?: string;
  /** The order's carrier (an active carrier of WH01: SF, JD, ZTO, DEPPON); none when absent. */
  carrierId?: string;
  lines: OrderLineInput[];
}

/** The user the fixture acts as: every warehouse and client, every permission on orders, waves and profiles. */
export const PICK_FIXTURE_USER: SessionUser = {
  ...ORDER_FIXTURE_USER,
  name: 'pick-fixture',
  permissions: new Set(
    ['tOrder', 'tWaveMaster', 'tAfaProfile'].flatMap((r) => ['view', 'add', 'edit', 'delete'].map((a) => `sys:${r}:${a}`)),
  ),
};

/** The fixture's wave-load profile: the confirmed orders of any client by priority (no minimum, no limit). */
export async function pickProfile(db: Db): Promise<number> {
  const name = 'TPK-PRIORITY';
  const { rows } = await sql<{ id: number }>`
    select id from t_afa_profile where wh_id = ${PK.whId} and profile_name = ${name}`.execute(db);
  if (rows[0]) return rows[0].id;
  const binding = WAVE_BINDINGS.find((b) => b.table === 't_afa_profile');
  if (!binding) throw new Error('no profile binding');
  const slots = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`parameterRequired${i + 1}`, 'N']));
  return saveRow(db, binding, PICK_FIXTURE_USER, {
    ...slots,
    whId: PK.whId,
    clientCode: null,
    profileName: name,
    profileDescrip: '测试 By priority',
    functionName: 'ORDERS_BY_PRIORITY',
    status: 'A',
    parameterLabel1: 'MIN_PRIORITY',
    parameterLabel2: 'MAX_ORDERS',
  });
}

/**
 * Builds a wave ready for release through the services (`buildWave`): its orders created and confirmed by the order
 * services, the wave saved N by the generic engine (staged at the fixture's staging location unless told), the orders
 * loaded by the fixture's profile, selected and added (C → W). A wave held while building (`status: 'H'`, held from
 * N) is then held by `holdWaves`; other states come only from the services that make them (release, picking).
 */
export async function insertWave(
  db: Db,
  waveId: string,
  orders: OrderInput[],
  options: { status?: 'N' | 'H'; heldStatus?: 'N' | null; staging?: string | null } = {},
): Promise<void> {
  const numbers: string[] = [];
  for (const order of orders) {
    numbers.push(
      await createConfirmedOrder(db, order.lines, {
        orderNumber: order.orderNumber,
        priority: order.priority ?? 50,
        clientCode: order.clientCode ?? PK.client,
        ...(order.carrierId ? { carrierId: order.carrierId } : {}),
      }),
    );
  }
  await buildWave(db, PICK_FIXTURE_USER, {
    header: {
      whId: PK.whId,
      waveId,
      sequence: 1,
      priority: 50,
      workersRequired: 1,
      stagingLocation: options.staging === undefined ? PK.staging : options.staging,
    },
    profileId: await pickProfile(db),
    orderNumbers: numbers,
  });
  if ((options.status ?? 'N') === 'H') await holdWaves(db, PICK_FIXTURE_USER, PK.whId, [waveId]);
}

/** The body of releaseWave with the dialog's five fields filled. */
export const releaseBody = (waveIds: string[]) => ({
  whId: PK.whId,
  waveIds,
  overrideWorkType: PK.workType,
  priority: 10,
  workersRequired: 2,
  earliestShipDate: '2026-12-01',
  latestShipDate: '2026-12-05',
});

/** The stock rows of an item: location, lot, pallet, status and the three buckets. */
export async function stockRows(db: Db, itemNumber: string) {
  const { rows } = await sql<{
    locationId: string;
    lotNumber: string | null;
    huId: string | null;
    status: string;
    actual: string;
    unavailable: string;
    allocated: string;
  }>`
    select location_id, lot_number, hu_id, status, trim_scale(actual_qty)::text as actual,
      trim_scale(unavailable_qty)::text as unavailable, trim_scale(allocated_qty)::text as allocated
    from t_stored_item where wh_id = ${PK.whId} and item_number = ${itemNumber} order by location_id, lot_number, hu_id`.execute(
    db,
  );
  return rows;
}

/** The tasks (allocations) of a wave in pick order. */
export async function tasksOf(db: Db, waveId: string) {
  const { rows } = await sql<{
    id: number;
    pickId: string;
    orderNumber: string;
    lineNumber: number;
    pickLocation: string;
    lotNumber: string | null;
    mHuId: string | null;
    quantity: string;
    pickedQty: string;
    shortQty: string;
    status: string;
    pickRule: string;
    pickArea: string | null;
    workType: string | null;
  }>`
    select id, pick_id, order_number, line_number, pick_location, lot_number, m_hu_id, trim_scale(quantity)::text as quantity,
      trim_scale(picked_qty)::text as picked_qty, trim_scale(short_qty)::text as short_qty, status, pick_rule, pick_area,
      work_type
    from t_wave_pick_task where wh_id = ${PK.whId} and wave_id = ${waveId} order by id`.execute(db);
  return rows;
}

/** The pick details of a wave with their quantities. */
export async function detailsOf(db: Db, waveId: string) {
  const { rows } = await sql<{
    orderNumber: string;
    lineNumber: number;
    qtyOrdered: string;
    plannedQty: string;
    unplannedQty: string;
    pickedQty: string;
    stagedQty: string;
    status: string;
  }>`
    select order_number, line_number, trim_scale(qty_ordered)::text as qty_ordered, trim_scale(planned_qty)::text as planned_qty,
      trim_scale(unplanned_qty)::text as unplanned_qty, trim_scale(picked_qty)::text as picked_qty,
      trim_scale(staged_qty)::text as staged_qty, status
    from t_pick_detail where wh_id = ${PK.whId} and wave_id = ${waveId} order by order_number, line_number`.execute(db);
  return rows;
}

export async function statusOf(db: Db, table: 't_order' | 't_wave_master', key: string): Promise<string> {
  const column = table === 't_order' ? sql.ref('order_number') : sql.ref('wave_id');
  const { rows } = await sql<{ status: string }>`
    select status from ${sql.table(table)} where wh_id = ${PK.whId} and ${column} = ${key}`.execute(db);
  return rows[0]?.status ?? '';
}
