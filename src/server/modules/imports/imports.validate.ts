/**
 * Validation of staged rows (README "Validation"): the shared validation of each column's target field (the same
 * `checkField` the entity's own save runs), then the database checks, set-based — one statement per reference column,
 * one per duplicate key — never a query per row. Answers the problems of each row in the user's language, each naming
 * its column.
 */
import { type RawBuilder, sql } from 'kysely';
import type { ErrorCode, ErrorParams } from '../../../shared/errors';
import { IMPORT_FIELDS, type ImportField, type ImportType, importLabel } from '../../../shared/imports';
import { checkField } from '../../../shared/validation';
import type { LanguageCode } from '../../../shared/wire';
import type { Trx } from '../../crud/crud.types';
import { translate } from '../../platform/i18n';

/** A staged row: its sheet row number and values by field key (text as typed, null when empty). */
export interface StagedRow {
  rowNumber: number;
  values: Record<string, string | null>;
}

/** Problems by row number (a row absent from the map is valid). */
export type Verdicts = Map<number, string[]>;

const fieldOf = (type: ImportType, field: string): ImportField | undefined => IMPORT_FIELDS[type].find((f) => f.field === field);

/** The label key of a column. */
export function labelOf(type: ImportType, field: string): string {
  const f = fieldOf(type, field);
  return f ? importLabel(f) : field;
}

/** Collects problems as translated messages. */
class Problems {
  readonly byRow: Verdicts = new Map();
  constructor(readonly lang: LanguageCode) {}
  add(row: number, code: ErrorCode, params: ErrorParams): void {
    const list = this.byRow.get(row) ?? [];
    list.push(translate(this.lang, `error.${code}`, params));
    this.byRow.set(row, list);
  }
  has(row: number): boolean {
    return this.byRow.has(row);
  }
}

/** Document key fields: rows with the same value make one document. */
export const DOCUMENT_KEY: Partial<Record<ImportType, string>> = {
  Inbound: 'poNumber',
  Outbound: 'orderNumber',
  InvAdjustment: 'taskRef',
  InvMovement: 'taskRef',
};

/** Header fields of a document: every row of one document must agree on them (or leave them empty after the first). */
export const HEADER_FIELDS: Partial<Record<ImportType, readonly string[]>> = {
  Inbound: ['clientCode', 'typeId', 'vendorCode', 'expectedDate', 'remark'],
  Outbound: [
    'clientCode',
    'typeId',
    'orderDate',
    'priority',
    'latestShipDate',
    'carrierId',
    'customerCode',
    'customerName',
    'shipToName',
    'shipToPhone',
    'shipToAddr1',
    'shipToCity',
  ],
  InvAdjustment: ['reasonId', 'description'],
  InvMovement: ['description'],
};

/** Unique keys inside a group (and, for master data, against the target table). */
const GROUP_KEYS: Record<ImportType, readonly string[]> = {
  Inbound: ['poNumber', 'lineNumber'],
  Outbound: ['orderNumber', 'lineNumber'],
  InvAdjustment: [],
  InvMovement: [],
  ItemMaster: ['itemNumber'],
  ItemUom: ['itemNumber', 'uom'],
  Vendor: ['vendorCode'],
  Zone: ['zone'],
  ZoneLoca: ['zone', 'locationId'],
  Location: ['locationId'],
};

/** The target table a key must not exist in yet, with its columns for the key fields (README "Validation": duplicates). */
const EXISTING: Record<ImportType, { table: string; fields: readonly string[] } | null> = {
  Inbound: { table: 't_po_master', fields: ['poNumber'] },
  Outbound: { table: 't_order', fields: ['orderNumber'] },
  InvAdjustment: null,
  InvMovement: null,
  ItemMaster: { table: 't_item_master', fields: ['itemNumber'] },
  ItemUom: { table: 't_item_uom', fields: ['itemNumber', 'uom'] },
  Vendor: { table: 't_vendor', fields: ['vendorCode'] },
  Zone: { table: 't_zone', fields: ['zone'] },
  ZoneLoca: { table: 't_zone_loca', fields: ['zone', 'locationId'] },
  Location: { table: 't_location', fields: ['locationId'] },
};

/** A reference column: the value must exist in `table.column` of the warehouse (the target's foreign keys). */
interface Reference {
  field: string;
  table: string;
  column: string;
  /** Values of this column of the same rows also count as existing (a zone overflowing into a zone of the file). */
  sameFile?: string;
}

const REFERENCES: Record<ImportType, readonly Reference[]> = {
  Inbound: [
    { field: 'clientCode', table: 't_client', column: 'client_code' },
    { field: 'vendorCode', table: 't_vendor', column: 'vendor_code' },
    { field: 'itemNumber', table: 't_item_master', column: 'item_number' },
  ],
  Outbound: [
    { field: 'clientCode', table: 't_client', column: 'client_code' },
    { field: 'itemNumber', table: 't_item_master', column: 'item_number' },
  ],
  InvAdjustment: [
    { field: 'reasonId', table: 't_reason', column: 'reason_id' },
    { field: 'itemNumber', table: 't_item_master', column: 'item_number' },
    { field: 'locationId', table: 't_location', column: 'location_id' },
  ],
  InvMovement: [
    { field: 'itemNumber', table: 't_item_master', column: 'item_number' },
    { field: 'sourceLocationId', table: 't_location', column: 'location_id' },
    { field: 'destLocationId', table: 't_location', column: 'location_id' },
  ],
  ItemMaster: [
    { field: 'clientCode', table: 't_client', column: 'client_code' },
    { field: 'itemTypeId', table: 't_item_type', column: 'item_type_id' },
    { field: 'classId', table: 't_item_class', column: 'class_id' },
    { field: 'attributeCollectionId', table: 't_attribute_collection', column: 'attribute_collection_id' },
  ],
  ItemUom: [{ field: 'itemNumber', table: 't_item_master', column: 'item_number' }],
  Vendor: [],
  Zone: [{ field: 'overflowZone', table: 't_zone', column: 'zone', sameFile: 'zone' }],
  ZoneLoca: [
    { field: 'zone', table: 't_zone', column: 'zone' },
    { field: 'locationId', table: 't_location', column: 'location_id' },
  ],
  Location: [{ field: 'zone', table: 't_zone', column: 'zone' }],
};

/** Item columns whose unit must be one of the item's units. */
const UNIT_FIELD: Partial<Record<ImportType, string>> = {
  Inbound: 'orderUom',
  Outbound: 'orderUom',
  InvAdjustment: 'uom',
  InvMovement: 'uom',
};

const keyOf = (row: StagedRow, fields: readonly string[]): string | null => {
  const parts = fields.map((f) => row.values[f] ?? null);
  return parts.some((p) => p === null) ? null : JSON.stringify(parts);
};

/** The values of one column, distinct, without the rows that already failed that column's own rule. */
function distinctValues(rows: readonly StagedRow[], field: string): string[] {
  const values = new Set<string>();
  for (const row of rows) {
    const value = row.values[field];
    if (value !== null && value !== undefined) values.add(value);
  }
  return [...values];
}

/** The values of `values` missing from `table.column` in the warehouse: one statement. */
async function missingValues(trx: Trx, whId: string, table: string, column: string, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const { rows } = await sql<{ v: string }>`select v from unnest(${values}::text[]) as u(v)
    where not exists (select 1 from ${sql.table(table)} t where t.wh_id = ${whId} and ${sql.ref(`t.${column}`)} = u.v)`.execute(
    trx,
  );
  return new Set(rows.map((r) => r.v));
}

interface ItemFacts {
  clientCode: string;
  uom: string;
}

/** The items the rows name, with their client and base unit: one statement. */
export async function itemsOf(trx: Trx, whId: string, numbers: string[]): Promise<Map<string, ItemFacts>> {
  if (numbers.length === 0) return new Map();
  const { rows } = await sql<{ itemNumber: string; clientCode: string; uom: string }>`
    select item_number, client_code, uom from t_item_master
    where wh_id = ${whId} and item_number = any(${numbers}::text[])`.execute(trx);
  return new Map(rows.map((r) => [r.itemNumber, { clientCode: r.clientCode, uom: r.uom }]));
}

/**
 * Validates rows of one group in one warehouse. `others`: the group's rows outside `rows` that still count for
 * duplicates (staged earlier, not in error), by key; their row numbers are named in the message.
 */
export async function validateRows(
  trx: Trx,
  type: ImportType,
  whId: string,
  rows: readonly StagedRow[],
  lang: LanguageCode,
  others: ReadonlyMap<string, number>,
  /** Values of the group's other rows that count as in the file (by field), besides those of `rows`. */
  alsoInFile?: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Verdicts> {
  const problems = new Problems(lang);
  const fields = IMPORT_FIELDS[type];
  // 1. Each column by its target field's own definition (shared validation).
  const failedField = new Set<string>();
  for (const row of rows) {
    for (const f of fields) {
      const problem = checkField(f.entity.name, f.field, f.def, row.values[f.field]);
      if (!problem) continue;
      problems.add(row.rowNumber, problem.code, { ...problem.params, field: importLabel(f) });
      failedField.add(`${row.rowNumber}:${f.field}`);
    }
  }
  const usable = (row: StagedRow, field: string) => !failedField.has(`${row.rowNumber}:${field}`) && row.values[field] !== null;

  // 2. References: one statement per column.
  for (const ref of REFERENCES[type]) {
    const candidates = rows.filter((r) => usable(r, ref.field));
    const missing = await missingValues(trx, whId, ref.table, ref.column, distinctValues(candidates, ref.field));
    const inFile = ref.sameFile
      ? new Set([...distinctValues(rows, ref.sameFile), ...(alsoInFile?.get(ref.sameFile) ?? [])])
      : new Set<string>();
    for (const row of candidates) {
      const value = row.values[ref.field] as string;
      if (missing.has(value) && !inFile.has(value))
        problems.add(row.rowNumber, 'referenceNotFound', { field: labelOf(type, ref.field), value });
    }
  }

  // 3. Items: of the document's client, and the unit one of the item's units.
  const items = await itemsOf(
    trx,
    whId,
    distinctValues(
      rows.filter((r) => usable(r, 'itemNumber')),
      'itemNumber',
    ),
  );
  if ((type === 'Inbound' || type === 'Outbound') && items.size > 0) {
    for (const row of rows) {
      const item = items.get(row.values.itemNumber ?? '');
      const clientCode = row.values.clientCode;
      if (item && clientCode && usable(row, 'clientCode') && item.clientCode !== clientCode)
        problems.add(row.rowNumber, 'importItemNotOfClient', {
          itemNumber: row.values.itemNumber ?? '',
          itemClient: item.clientCode,
          clientCode,
        });
    }
  }
  const unitField = UNIT_FIELD[type];
  if (unitField) {
    const pairs = rows.filter((r) => usable(r, unitField) && items.has(r.values.itemNumber ?? ''));
    const wanted = [...new Set(pairs.map((r) => JSON.stringify([r.values.itemNumber, r.values[unitField]])))];
    if (wanted.length > 0) {
      const { rows: found } = await sql<{ k: string }>`
        select json_build_array(u.item_number, u.uom)::text as k from t_item_uom u
        join unnest(${wanted.map((w) => JSON.parse(w)[0])}::text[], ${wanted.map((w) => JSON.parse(w)[1])}::text[]) as p(i, m)
          on u.item_number = p.i and u.uom = p.m
        where u.wh_id = ${whId}`.execute(trx);
      const known = new Set(found.map((f) => JSON.stringify(JSON.parse(f.k))));
      for (const row of pairs) {
        if (!known.has(JSON.stringify([row.values.itemNumber, row.values[unitField]])))
          problems.add(row.rowNumber, 'importUnitNotOfItem', {
            field: labelOf(type, unitField),
            value: row.values[unitField] ?? '',
            itemNumber: row.values.itemNumber ?? '',
          });
      }
    }
  }

  // 4. The rules the entity's save hooks state (masterdata.rules.ts), row by row in memory.
  if (type === 'Zone') {
    for (const row of rows)
      if (row.values.overflowZone !== null && row.values.overflowZone === row.values.zone)
        problems.add(row.rowNumber, 'overflowZoneSelf', {});
  }
  if (type === 'ItemUom') {
    for (const row of rows) {
      const item = items.get(row.values.itemNumber ?? '');
      if (item && item.uom === row.values.uom && usable(row, 'conversionFactor') && Number(row.values.conversionFactor) !== 1)
        problems.add(row.rowNumber, 'baseUomFactor', { uom: item.uom });
    }
  }

  // 5. Duplicates inside the group, then against the database.
  const keyFields = GROUP_KEYS[type];
  if (keyFields.length > 0) {
    const labels = keyFields.map((f) => labelOf(type, f));
    const seen = new Map<string, number>(others);
    for (const row of [...rows].sort((a, b) => a.rowNumber - b.rowNumber)) {
      const key = keyOf(row, keyFields);
      if (key === null) continue;
      const first = seen.get(key);
      if (first !== undefined && first !== row.rowNumber) {
        problems.add(row.rowNumber, 'importDuplicateInFile', { fields: labels, value: keyValue(row, keyFields), row: first });
      } else seen.set(key, row.rowNumber);
    }
  }
  const existing = EXISTING[type];
  if (existing) {
    const candidates = rows.filter((r) => existing.fields.every((f) => usable(r, f)));
    const keys = [...new Set(candidates.map((r) => keyOf(r, existing.fields)).filter((k): k is string => k !== null))];
    if (keys.length > 0) {
      // One array per key column, joined to the table on its unique index: [["A", "1"], …] → ["A", …], ["1", …].
      const parts = keys.map((k) => JSON.parse(k) as string[]);
      const arrays = existing.fields.map((_, i) => sql`${parts.map((p) => p[i] ?? '')}::text[]`);
      const names = existing.fields.map((_, i) => `k${i}`);
      const on = existing.fields.map((f, i) => sql`${sql.ref(`t.${snake(f)}`)} = ${sql.ref(`p.${names[i]}`)}`);
      const { rows: found } = await sql<Record<string, string>>`
        select ${sql.join(names.map((n) => sql.ref(`p.${n}`)))} from ${sql.table(existing.table)} t
        join unnest(${sql.join(arrays)}) as p(${sql.join(names.map((n) => sql.id(n)))}) on ${sql.join(on, sql` and `)}
        where t.wh_id = ${whId}`.execute(trx);
      const taken = new Set(found.map((f) => JSON.stringify(names.map((n) => f[n]))));
      const labels = existing.fields.map((f) => labelOf(type, f));
      for (const row of candidates) {
        const key = keyOf(row, existing.fields);
        if (key !== null && taken.has(key))
          problems.add(row.rowNumber, 'importExistsInDatabase', { fields: labels, value: keyValue(row, existing.fields) });
      }
    }
  }

  // 6. The rows of one document agree on its header.
  const docKey = DOCUMENT_KEY[type];
  const headers = HEADER_FIELDS[type] ?? [];
  if (docKey) {
    const firstOf = new Map<string, StagedRow>();
    for (const row of [...rows].sort((a, b) => a.rowNumber - b.rowNumber)) {
      const key = row.values[docKey];
      if (!key) continue;
      const first = firstOf.get(key);
      if (!first) {
        firstOf.set(key, row);
        continue;
      }
      for (const field of headers) {
        const value = row.values[field] ?? null;
        if (value !== null && value !== (first.values[field] ?? null))
          problems.add(row.rowNumber, 'importHeaderDiffers', { field: labelOf(type, field), value, row: first.rowNumber });
      }
    }
  }
  return problems.byRow;
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const keyValue = (row: StagedRow, fields: readonly string[]): string => fields.map((f) => row.values[f] ?? '').join(' / ');

/** The key of a row for the group's duplicate check (null: the type has none, or a key value is empty). */
export function groupKey(type: ImportType, row: StagedRow): string | null {
  const fields = GROUP_KEYS[type];
  return fields.length > 0 ? keyOf(row, fields) : null;
}

export const groupKeyFields = (type: ImportType): readonly string[] => GROUP_KEYS[type];

/** The reference fields whose values the same file may provide, with the field that provides them. */
export const sameFileFields = (type: ImportType): { field: string; sameFile: string }[] =>
  REFERENCES[type].flatMap((r) => (r.sameFile ? [{ field: r.field, sameFile: r.sameFile }] : []));

/** A valid row that no longer is: its id and problems. */
export interface Recheck {
  id: number;
  problems: string[];
}

/**
 * The checks of `validateRows` whose facts live in the database — references, the item's base unit, keys already in
 * the target table — for a group's rows still V (validated when staged, unchanged since: an edit makes a row N), in
 * SQL over the staging table, one statement per rule, answering only the rows that fail now (README "Commit"). The
 * column rules and the duplicates among these rows cannot have changed. `inFile`: the rows of the group whose values
 * count as in the file (a zone overflowing into a zone of the same group); `scope`: the user's rows.
 */
export async function recheckValid(
  trx: Trx,
  type: ImportType,
  table: string,
  groupId: number,
  whId: string,
  lang: LanguageCode,
  scope: RawBuilder<unknown>,
): Promise<Map<number, Recheck>> {
  const failed = new Map<number, Recheck>();
  const add = (row: { id: string | number; rowNumber: number }, code: ErrorCode, params: ErrorParams) => {
    const entry = failed.get(row.rowNumber) ?? { id: Number(row.id), problems: [] };
    entry.problems.push(translate(lang, `error.${code}`, params));
    failed.set(row.rowNumber, entry);
  };
  const valid = sql`s.group_id = ${groupId} and s.import_status = 'V' and ${scope}`;
  for (const ref of REFERENCES[type]) {
    const column = sql.ref(`s.${snake(ref.field)}`);
    const inFile = ref.sameFile
      ? sql`and not exists (select 1 from ${sql.table(table)} f where f.group_id = ${groupId} and f.import_status <> 'S'
          and ${sql.ref(`f.${snake(ref.sameFile)}`)} = ${column})`
      : sql``;
    const { rows } = await sql<{ id: string; rowNumber: number; v: string }>`
      select s.id, s.row_number, ${column} as v from ${sql.table(table)} s
      where ${valid} and ${column} is not null
        and not exists (select 1 from ${sql.table(ref.table)} t where t.wh_id = ${whId} and ${sql.ref(`t.${ref.column}`)} = ${column})
        ${inFile}`.execute(trx);
    for (const row of rows) add(row, 'referenceNotFound', { field: labelOf(type, ref.field), value: row.v });
  }
  if (type === 'ItemUom') {
    const { rows } = await sql<{ id: string; rowNumber: number; uom: string; conversionFactor: string | null }>`
      select s.id, s.row_number, s.uom, s.conversion_factor from ${sql.table(table)} s
      join t_item_master i on i.wh_id = ${whId} and i.item_number = s.item_number and i.uom = s.uom
      where ${valid} and s.conversion_factor is not null`.execute(trx);
    for (const row of rows) if (Number(row.conversionFactor) !== 1) add(row, 'baseUomFactor', { uom: row.uom });
  }
  const existing = EXISTING[type];
  if (existing) {
    const on = existing.fields.map((f) => sql`${sql.ref(`t.${snake(f)}`)} = ${sql.ref(`s.${snake(f)}`)}`);
    const { rows } = await sql<Record<string, string> & { id: string; rowNumber: number }>`
      select s.id, s.row_number, ${sql.join(existing.fields.map((f) => sql.ref(`s.${snake(f)}`)))}
      from ${sql.table(table)} s join ${sql.table(existing.table)} t on t.wh_id = ${whId} and ${sql.join(on, sql` and `)}
      where ${valid}`.execute(trx);
    const labels = existing.fields.map((f) => labelOf(type, f));
    for (const row of rows)
      add(row, 'importExistsInDatabase', { fields: labels, value: existing.fields.map((f) => row[f] ?? '').join(' / ') });
  }
  return failed;
}
