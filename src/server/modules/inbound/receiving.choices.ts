/**
 * The attribute values the receive dialog offers (issue 27 item 5): for each slot the item's attribute collection
 * names, the values the item already has in this warehouse — in stock, received before, or named on a PO line — so
 * a clerk picks "Red" rather than typing "red " next to it. Free typing stays allowed: a new value is a new combination.
 */
import { sql } from 'kysely';
import type { ItemAttributeChoices } from '../../../shared/lookups';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { attributeTypes } from '../masterdata/attributes.service';

/** At most this many values are offered per slot (alphabetical); more can still be typed. */
export const MAX_CHOICES_PER_SLOT = 100;

/**
 * The used slots of the item's collection with their known values, slot order. Empty for an item without attribute
 * types, an unknown item, or one outside the user's warehouse or client grants (nothing says which).
 */
export async function itemAttributeChoices(
  db: Db,
  user: SessionUser,
  whId: string,
  itemNumber: string,
): Promise<ItemAttributeChoices[]> {
  if (!grantsWarehouse(user, whId)) return [];
  const item = await db
    .selectFrom('tItemMaster')
    .select(['itemNumber', 'clientCode', 'attributeCollectionId'])
    .where('whId', '=', whId)
    .where('itemNumber', '=', itemNumber.trim())
    .executeTakeFirst();
  if (!item?.attributeCollectionId || !grantsClient(user, whId, item.clientCode, 'read')) return [];
  const types = (await attributeTypes(db, whId, item.attributeCollectionId)) ?? [];
  const used = types.flatMap((attributeType, i) => (attributeType ? [{ slot: i + 1, attributeType }] : []));
  if (used.length === 0) return [];
  const slots = sql.join(used.map(({ slot }) => sql`(${slot}::int, ${sql.ref(`a.generic_attr_value${slot}`)})`));
  const { rows } = await sql<{ slot: number; value: string }>`
    with known as (
      select stored_attribute_id as id from t_stored_item
      where wh_id = ${whId} and item_number = ${item.itemNumber} and stored_attribute_id is not null
      union
      select stored_attribute_id from t_receipt
      where wh_id = ${whId} and item_number = ${item.itemNumber} and stored_attribute_id is not null
      union
      select stored_attribute_id from t_po_detail
      where wh_id = ${whId} and item_number = ${item.itemNumber} and stored_attribute_id is not null
    ),
    slot_values as (
      select distinct v.slot, v.value
      from known k
      join t_stored_attribute a on a.id = k.id and a.attribute_collection_id = ${item.attributeCollectionId}
      cross join lateral (values ${slots}) as v(slot, value)
      where v.value is not null
    )
    select slot, value from (
      select slot, value, row_number() over (partition by slot order by value) as n from slot_values
    ) ranked
    where n <= ${MAX_CHOICES_PER_SLOT}
    order by slot, value`.execute(db);
  return used.map(({ slot, attributeType }) => ({
    slot,
    attributeType,
    values: rows.filter((row) => Number(row.slot) === slot).map((row) => row.value),
  }));
}
