import { type Kysely, sql } from 'kysely';
import { ATTRIBUTE_SLOTS } from '../../../shared/lookups';
import { textLength } from '../../../shared/validation';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/errors';

/** The 11 attribute values of one combination, slot 1 first; null = the slot is empty. */
export type AttributeValues = readonly (string | null)[];

const SLOTS = Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => i + 1);
const VALUE_COLUMNS = SLOTS.map((slot) => `generic_attr_value${slot}`);
/** t_stored_attribute.generic_attr_value<n> is varchar(100). */
const MAX_VALUE_LENGTH = 100;

/** Trims each value; empty text is an empty slot. Always 11 entries. */
export function normalizeAttributeValues(values: readonly unknown[]): (string | null)[] {
  return SLOTS.map((slot) => {
    const value = values[slot - 1];
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    return text === '' ? null : text;
  });
}

/** `col = v` for a value and `col is null` for an empty slot: both use the unique index, unlike `is not distinct from`. */
function sameCombination(whId: string, collectionId: string, values: AttributeValues) {
  return sql.join(
    [
      sql`wh_id = ${whId}`,
      sql`attribute_collection_id = ${collectionId}`,
      ...VALUE_COLUMNS.map((column, i) => {
        const value = values[i] ?? null;
        return value === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`;
      }),
    ],
    sql` and `,
  );
}

/**
 * The stored attribute id of one combination of the 11 values in a collection: the existing row's id, or a new row
 * created on first use. Race-safe without locks: concurrent first uses all insert with ON CONFLICT DO NOTHING against
 * the UNIQUE NULLS NOT DISTINCT key, the losers wait for the winner's commit and then read its row.
 * Takes the database or the caller's transaction.
 */
export async function resolveStoredAttributeId(
  db: Kysely<Database>,
  whId: string,
  collectionId: string,
  values: AttributeValues,
): Promise<number> {
  const combination = normalizeAttributeValues(values);
  const find = async () => {
    const { rows } = await sql<{ id: number }>`
      select id from t_stored_attribute where ${sameCombination(whId, collectionId, combination)}`.execute(db);
    return rows[0]?.id ?? null;
  };
  const existing = await find();
  if (existing !== null) return existing;
  const { rows } = await sql<{ id: number }>`
    insert into t_stored_attribute (wh_id, attribute_collection_id, ${sql.join(VALUE_COLUMNS.map((c) => sql.ref(c)))})
    values (${whId}, ${collectionId}, ${sql.join(combination.map((v) => sql`${v}`))})
    on conflict do nothing
    returning id`.execute(db);
  const created = rows[0]?.id ?? (await find());
  if (created === null || created === undefined) throw new AppError('attributeIdFailed');
  return created;
}

/** What the stored attribute id of an item's line depends on. */
export interface ItemAttributeKey {
  whId: string;
  attributeCollectionId: string | null;
}

/**
 * The stored attribute id of an item's line (spec 000 §4, 001 §5): null for an item without attribute collection or
 * whose collection names no type (the console then sends null too); otherwise every slot the collection names needs a value (item attributes empty), slots it does not name are
 * ignored, and the combination gets its id.
 */
export async function storedAttributeIdForItem(
  db: Kysely<Database>,
  item: ItemAttributeKey,
  values: readonly unknown[],
): Promise<number | null> {
  if (!item.attributeCollectionId) return null;
  const types = await attributeTypes(db, item.whId, item.attributeCollectionId);
  if (types === null) throw new AppError('itemAttributesNotFound');
  // A collection naming no attribute type shows no attribute inputs: the id is resolved only when attributes exist.
  if (types.every((type) => type === null)) return null;
  const given = normalizeAttributeValues(values);
  const combination = SLOTS.map((slot) => (types[slot - 1] ? (given[slot - 1] ?? null) : null));
  for (const [i, type] of types.entries()) {
    if (type && combination[i] === null) throw new AppError('itemAttributesEmpty');
  }
  if (combination.some((v) => v !== null && textLength(v) > MAX_VALUE_LENGTH)) throw new AppError('attributeIdFailed');
  return resolveStoredAttributeId(db, item.whId, item.attributeCollectionId, combination);
}

/** The attribute type of each of the 11 slots of a collection (null = unused slot); null when the collection is missing. */
export async function attributeTypes(
  db: Kysely<Database>,
  whId: string,
  collectionId: string,
): Promise<(string | null)[] | null> {
  const row = await db
    .selectFrom('tAttributeCollection')
    .select([
      'attributeType1',
      'attributeType2',
      'attributeType3',
      'attributeType4',
      'attributeType5',
      'attributeType6',
      'attributeType7',
      'attributeType8',
      'attributeType9',
      'attributeType10',
      'attributeType11',
    ])
    .where('whId', '=', whId)
    .where('attributeCollectionId', '=', collectionId)
    .executeTakeFirst();
  if (!row) return null;
  return [
    row.attributeType1,
    row.attributeType2,
    row.attributeType3,
    row.attributeType4,
    row.attributeType5,
    row.attributeType6,
    row.attributeType7,
    row.attributeType8,
    row.attributeType9,
    row.attributeType10,
    row.attributeType11,
  ].map((t) => (t && t.trim() !== '' ? t : null));
}
