import { type Kysely, sql } from 'kysely';

/**
 * Issue 10 (on the wire): a location filter is a prefix more often than not (`P01%`, an aisle). Text filters with
 * `%` compare `lower(column) like lower(pattern)` (what ILIKE does), and this index serves that comparison on the
 * stock ledger for a pattern starting with fixed text: `text_pattern_ops` lets a btree answer LIKE prefixes in any
 * collation. It includes the location as it is, so a count can be answered from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index t_stored_item_location_prefix on t_stored_item (wh_id, lower(location_id) text_pattern_ops) include (location_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index t_stored_item_location_prefix`.execute(db);
}
