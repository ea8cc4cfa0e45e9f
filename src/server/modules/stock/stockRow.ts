/**
 * One ledger row (`t_stored_item`): its key, its locked read, and the exact thousandths arithmetic of its quantities.
 * The bottom of the stock modules: the inventory ledger (inventory/ledger.service.ts, which re-exports these) and the
 * serial numbers (serials/) both build on it, so that neither imports the other's upper half (src/server/README.md
 * "Layers"). Everything that changes a row stays in the ledger.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';

/** Identifies one ledger row: absent lot, pallet or attribute id are null (and equal to each other). */
export interface StockKey {
  whId: string;
  locationId: string;
  itemNumber: string;
  lotNumber: string | null;
  huId: string | null;
  storedAttributeId: number | null;
}

/** A ledger row as the services read it (quantities as exact decimal strings). */
export interface StoredItem extends StockKey {
  id: number;
  clientCode: string;
  actualQty: string;
  unavailableQty: string;
  /** Reserved for pick tasks. */
  allocatedQty: string;
  status: 'A' | 'H';
  fifoDate: string;
  expirationDate: string | null;
  reasonId: string | null;
}

/** The condition matching one key's row (absent parts match null). */
export const keyMatches = (key: StockKey) => sql`wh_id = ${key.whId} and location_id = ${key.locationId}
  and item_number = ${key.itemNumber}
  and lot_number is not distinct from ${key.lotNumber}
  and hu_id is not distinct from ${key.huId}
  and stored_attribute_id is not distinct from ${key.storedAttributeId}::bigint`;

/** The columns of a StoredItem. */
export const SELECT_STORED_ITEM = sql`id, wh_id, location_id, client_code, item_number, lot_number, hu_id, stored_attribute_id,
  actual_qty::text as actual_qty, unavailable_qty::text as unavailable_qty, allocated_qty::text as allocated_qty, status,
  to_char(fifo_date, 'YYYY-MM-DD') as fifo_date, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date, reason_id`;

/** The ledger row of a key, locked for the rest of the transaction; null when there is none. */
export async function lockStoredItem(trx: Trx, key: StockKey): Promise<StoredItem | null> {
  const { rows } =
    await sql<StoredItem>`select ${SELECT_STORED_ITEM} from t_stored_item where ${keyMatches(key)} for update`.execute(trx);
  return rows[0] ?? null;
}

/** A decimal quantity (at most 3 decimals) in thousandths, exact. */
export function toMilli(qty: string): bigint {
  const negative = qty.trim().startsWith('-');
  const [whole = '0', fraction = ''] = qty.trim().replace(/^[-+]/, '').split('.');
  const milli = BigInt(whole || '0') * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
  return negative ? -milli : milli;
}

/** Thousandths back to a decimal string without trailing zeros ("1500" → "1.5"). */
export function fromMilli(milli: bigint): string {
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  const whole = abs / 1000n;
  const fraction = String(abs % 1000n)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
