/**
 * What the outbound demo seeds share: the demo user who makes the documents, the items they use, their stock put in
 * through the ledger with the water's origin, and a client's "by priority" wave-load profile.
 */
import { sql } from 'kysely';
import type { Trx } from '../crud/crud.types';
import type { Db } from '../db/connect';
import { addStock, lockStockKeys, type StockKey } from '../modules/inventory/ledger.service';
import { storedAttributeIdForItem } from '../modules/masterdata/attributes.service';
import type { OrderLineInput } from '../modules/outbound/waveBuild';
import type { SessionUser } from '../platform/context';

/** The value of the first attribute type (origin) of the demo stock and order lines that need one. */
export const DEMO_ORIGIN = '浙江 Zhejiang';

/** The demo documents are made as the administrator would make them on the screens of these resources. */
export function demoUser(resources: readonly string[]): SessionUser {
  return {
    id: 0,
    name: 'admin',
    sessionId: 0,
    superAdmin: true,
    permissions: new Set(resources.flatMap((r) => ['view', 'add', 'edit', 'delete'].map((a) => `sys:${r}:${a}`))),
    warehouses: 'all',
    clients: {},
    station: null,
    language: 'zh_cn',
  };
}

/** A demo item with what its stock and order lines need. */
export interface DemoItem {
  itemNumber: string;
  lotControl: string;
  uom: string;
  attributeCollectionId: string | null;
  /** The stored attribute id of its origin when its collection names attribute types, else null. */
  storedAttributeId: number | null;
}

/** The demo items of WH01 by number (ordered by number); fewer than asked when the demo master data lacks some. */
export async function demoItems(db: Db | Trx, itemNumbers: readonly string[]): Promise<DemoItem[]> {
  const { rows } = await sql<Omit<DemoItem, 'storedAttributeId'>>`
    select item_number, lot_control, uom, attribute_collection_id from t_item_master
    where wh_id = 'WH01' and item_number = any(${[...itemNumbers]}::varchar[]) order by item_number`.execute(db);
  const items: DemoItem[] = [];
  for (const item of rows) {
    items.push({ ...item, storedAttributeId: await storedAttributeIdForItem(db, { whId: 'WH01', ...item }, [DEMO_ORIGIN]) });
  }
  return items;
}

/**
 * Puts demo stock in through the ledger (ADJUST rows): each item at its location, lot `lot` for lot-controlled items
 * with an expiry 180 days ahead, the origin's attribute id where the item has one.
 */
export async function putDemoStock(trx: Trx, lot: string, stock: readonly [DemoItem, string, string][]): Promise<void> {
  const key = (item: DemoItem, locationId: string): StockKey => ({
    whId: 'WH01',
    locationId,
    itemNumber: item.itemNumber,
    lotNumber: item.lotControl === 'Y' ? lot : null,
    huId: null,
    storedAttributeId: item.storedAttributeId,
  });
  await lockStockKeys(
    trx,
    stock.map(([item, locationId]) => key(item, locationId)),
  );
  const { rows } = await sql<{ expiry: string }>`select to_char(current_date + 180, 'YYYY-MM-DD') as expiry`.execute(trx);
  for (const [item, locationId, qty] of stock) {
    const at = key(item, locationId);
    await addStock(
      trx,
      at,
      qty,
      { expirationDate: at.lotNumber ? (rows[0]?.expiry ?? null) : null },
      {
        category: 'INVENTORY',
        tranType: 'ADJUST',
        description: 'demo',
        employeeId: 'admin',
        controlNumber: null,
        lineNumber: null,
        fromLocationId: null,
        toLocationId: locationId,
      },
    );
  }
}

/** An order line of a demo item in its base unit, naming the origin where the item has attribute types. */
export const demoOrderLine = (item: DemoItem, qty: string): OrderLineInput => ({
  itemNumber: item.itemNumber,
  qty,
  orderUom: item.uom,
  ...(item.storedAttributeId ? { attributes: { genericAttrValue1: DEMO_ORIGIN } } : {}),
});

/** A client's active "by priority" wave-load profile of the wave demo data (`<client>-PRIORITY`), or null. */
export async function priorityProfile(trx: Trx, clientCode: string): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select id from t_afa_profile where wh_id = 'WH01' and profile_name = ${`${clientCode}-PRIORITY`} and status = 'A'`.execute(
    trx,
  );
  return rows[0]?.id ?? null;
}
