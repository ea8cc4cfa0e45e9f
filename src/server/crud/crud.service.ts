import { type RawBuilder, sql } from 'kysely';
import { parseDayFilter } from '../../shared/dayFilter';
import { type EntityDef, type FieldDef, isSortable, rowTimes } from '../../shared/entities/defineEntity';
import { permission } from '../../shared/permissions';
import { renderSystemText } from '../../shared/systemText';
import { rowRefusal, validateRow } from '../../shared/validation';
import type { LanguageCode, PageRequest, PageResult } from '../../shared/wire';
import { type Db, runsConcurrently } from '../db/connect';
import { joinTransaction } from '../db/transaction';
import type { SessionUser } from '../platform/context';
import {
  AppError,
  HttpError,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_NUMERIC_OUT_OF_RANGE,
  PG_RESTRICT_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../platform/errors';
import { grantScope, grantsClient, grantsWarehouse, itemClient } from '../platform/grants';
import { translate } from '../platform/i18n';
import type { CrudBinding, Operation, Row, Trx } from './crud.types';
import { filterValue, markedExact, matchCondition } from './filter';

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The select list of an entity, defined once: id, its fields, and the row times. Decimals come without trailing
 * zeros (numeric(18, 3) stores 24.000): shown as the user wrote them, and valid again for the quantity rules
 * (no trailing zero) when a row is edited and saved back.
 */
function selectList(def: EntityDef): RawBuilder<unknown> {
  const columns = ['id', ...Object.keys(def.fields), ...rowTimes(def)];
  return sql.join(
    columns.map((c) =>
      def.fields[c]?.type === 'decimal' ? sql`trim_scale(${sql.ref(snake(c))}) as ${sql.ref(snake(c))}` : sql.ref(snake(c)),
    ),
  );
}

/**
 * The item's description beside its number (`EntityDef.itemDescription`): looked up in the same query through the
 * item's key (wh_id, item_number), so a page of rows costs one round trip, not one per row.
 */
function itemDescription(entity: EntityDef, table: string): RawBuilder<unknown> {
  if (!entity.itemDescription) return sql``;
  return sql`, (select i.description from t_item_master i
    where i.wh_id = ${sql.ref(`${table}.wh_id`)} and i.item_number = ${sql.ref(`${table}.item_number`)}) as item_description`;
}

/** Where rows are read from: the binding's view, else its table (locking a row of a simple view locks the table row). */
const readFrom = (binding: CrudBinding): string => binding.view ?? binding.table;

function defaultScope(user: SessionUser, whId: string): boolean {
  return grantsWarehouse(user, whId);
}

function allowed(binding: CrudBinding, user: SessionUser, whId: unknown, operation: Operation): boolean {
  if (!binding.entity.warehouseScoped) return true;
  if (typeof whId !== 'string') return false;
  return (binding.scope ?? defaultScope)(user, whId, operation);
}

/**
 * Where a row's client comes from: its own `clientCode`, or — for a warehouse row naming an item but no client
 * (item units, serial numbers, the exception log) — its item's. Null: the entity has no client.
 */
function clientSource(binding: CrudBinding): 'column' | 'item' | null {
  const { fields, warehouseScoped } = binding.entity;
  if ('clientCode' in fields) return 'column';
  if (warehouseScoped && 'itemNumber' in fields) return 'item';
  return null;
}

/** The client of each row (null = none, i.e. every client), in the rows' order: one query for item-owned rows. */
async function rowClients(db: Db | Trx, binding: CrudBinding, rows: Row[]): Promise<(string | null)[]> {
  const source = clientSource(binding);
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  if (source === 'column') return rows.map((r) => text(r.clientCode));
  if (source === null || rows.length === 0) return rows.map(() => null);
  const { rows: items } = await sql<{ whId: string; itemNumber: string; clientCode: string }>`
    select wh_id, item_number, client_code from t_item_master
    where (wh_id, item_number) in (${sql.join(rows.map((r) => sql`(${text(r.whId)}, ${text(r.itemNumber)})`))})`.execute(db);
  return rows.map((r) => items.find((i) => i.whId === r.whId && i.itemNumber === r.itemNumber)?.clientCode ?? null);
}

/** Whether the user may touch each row for an operation: its warehouse (binding scope) and its client. */
async function rowsAllowed(db: Db | Trx, binding: CrudBinding, user: SessionUser, rows: Row[], operation: Operation) {
  if (!rows.every((row) => allowed(binding, user, row.whId, operation))) return false;
  const access = operation === 'read' ? 'read' : 'write';
  const stored = rows.flatMap((row) => (typeof row.id === 'number' ? [row.id] : []));
  if (binding.clientScope && stored.length > 0) {
    const relation = readFrom(binding);
    const { rows: granted } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(relation)}
      where id = any(${stored}::bigint[]) and ${binding.clientScope(user, access, relation)}`.execute(db);
    if ((granted[0]?.n ?? 0) !== new Set(stored).size) return false;
  }
  if (!binding.entity.warehouseScoped || clientSource(binding) === null) return true;
  const clients = await rowClients(db, binding, rows);
  return rows.every((row, i) => grantsClient(user, String(row.whId), clients[i], access));
}

/** Whether the user may read this row of the entity (routes that fetch one row by id ask this). */
export function mayRead(db: Db, binding: CrudBinding, user: SessionUser, row: Row): Promise<boolean> {
  return rowsAllowed(db, binding, user, [row], 'read');
}

/** Builds the WHERE conditions: the user's warehouses, then each declared filter (see filter.ts for the rule). */
function conditions(binding: CrudBinding, user: SessionUser, filters: PageRequest['columnFilters']): RawBuilder<unknown>[] {
  const { entity } = binding;
  const where: RawBuilder<unknown>[] = [];
  if (entity.warehouseScoped) {
    // The user's warehouses and, within a warehouse limited to some clients, only those clients' rows.
    const source = clientSource(binding);
    const client = source === 'column' ? sql.ref('client_code') : source === 'item' ? itemClient(readFrom(binding)) : null;
    where.push(grantScope(user, sql.ref('wh_id'), client));
  }
  if (binding.clientScope) where.push(binding.clientScope(user, 'read', readFrom(binding)));
  for (const [field, raw] of Object.entries(filters ?? {})) {
    const def = entity.fields[field];
    if (!def?.filter) throw new AppError('unknownFilter', { field });
    const value = filterValue(raw);
    if (value === null) continue;
    if (def.dateTime) where.push(onDay(sql.ref(snake(field)), value, `entity.${entity.name}.field.${field}`));
    else where.push(matchCondition(sql.ref(snake(field)), value, typedText(def) && !markedExact(raw)));
  }
  return where;
}

/** A time column's rows of one day (shared/dayFilter.ts): the console's local day, or a calendar day of the database. */
function onDay(column: RawBuilder<unknown>, value: string, label: string): RawBuilder<unknown> {
  const day = parseDayFilter(value);
  if (!day) throw new AppError('fieldNotDate', { field: label });
  if ('day' in day) return sql`${column} >= ${day.day}::date and ${column} < ${day.day}::date + 1`;
  return sql`${column} >= ${day.from}::timestamptz and ${column} < ${day.to}::timestamptz`;
}

/**
 * Text the user types in a filter (contained match). The warehouse and the client are chosen from the user's own
 * (the console's selects), codes from their list: equality.
 */
const typedText = (def: FieldDef): boolean =>
  def.type === 'text' &&
  !def.filterExact &&
  def.lookup !== 'warehouse' &&
  !(typeof def.lookup === 'object' && def.lookup.name === 'getClient');

/**
 * The ORDER BY of a page: the requested column (declared sortable only), else the entity's order; the id last,
 * so that equal values keep one order across pages.
 */
function orderBy(entity: EntityDef, sort: PageRequest['sort']): RawBuilder<unknown> {
  const id = entity.newestFirst ? sql`id desc` : sql`id`;
  if (!sort) return sql.join([...entity.orderBy.map((f) => sql.ref(snake(f))), id]);
  const direction = sort.order === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
  return sql.join([sql`${sql.ref(snake(sort.field))} ${direction}`, sort.order === 'desc' ? sql`id desc` : sql`id`]);
}

function whereClause(where: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/**
 * The parts of a binding's page query that depend on nothing but the binding: the select list (with the item's
 * description), the table and each ORDER BY. They are compiled to SQL text once and reused as it is: building and
 * compiling the twenty-odd column references on every call was most of the engine's own time per page.
 */
interface PageParts {
  select: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  /** ORDER BY by sort key (`''` = the entity's own order, else `field asc|desc`). */
  orders: Map<string, RawBuilder<unknown>>;
}

const pageParts = new WeakMap<CrudBinding, PageParts>();

/** A fragment without parameters (identifiers and SQL text only) compiled once to plain SQL text. */
function precompiled(db: Db, fragment: RawBuilder<unknown>): RawBuilder<unknown> {
  const { sql: text, parameters } = fragment.compile(db);
  if (parameters.length > 0) throw new Error('A precompiled SQL fragment takes no parameters');
  return sql.raw(text);
}

function partsOf(db: Db, binding: CrudBinding): PageParts {
  let parts = pageParts.get(binding);
  if (!parts) {
    const table = readFrom(binding);
    parts = {
      select: precompiled(db, sql`${selectList(binding.entity)}${itemDescription(binding.entity, table)}`),
      from: precompiled(db, sql.table(table)),
      orders: new Map(),
    };
    pageParts.set(binding, parts);
  }
  return parts;
}

/** The page's ORDER BY; a sort by a field the entity does not declare sortable is refused. */
function pageOrder(db: Db, binding: CrudBinding, parts: PageParts, sort: PageRequest['sort']): RawBuilder<unknown> {
  if (sort && !isSortable(binding.entity, sort.field)) throw new AppError('unknownSort', { field: sort.field });
  const key = sort ? `${sort.field} ${sort.order === 'desc' ? 'desc' : 'asc'}` : '';
  let order = parts.orders.get(key);
  if (!order) {
    order = precompiled(db, orderBy(binding.entity, sort));
    parts.orders.set(key, order);
  }
  return order;
}

/** The last time written as text, and its text: rows of one page often share times (create = update, one import). */
let lastTime = Number.NaN;
let lastText = '';

/**
 * Times (timestamptz columns, which pg reads as Date) as the text JSON would give them (`Date.prototype.toJSON`), in
 * place. The answer is the same, but JSON.stringify serialises a page of plain strings in about a third of the time
 * it takes when it meets Date objects (each one a call out of its fast path). An invalid date stays as it is (null).
 */
function timesAsText(rows: Row[]): Row[] {
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (!(value instanceof Date)) continue;
      const time = value.getTime();
      if (Number.isNaN(time)) continue;
      if (time !== lastTime) {
        lastText = value.toISOString();
        lastTime = time;
      }
      row[key] = lastText;
    }
  }
  return rows;
}

/**
 * One page of rows the user may see, with the total count. Times come as ISO text, as they go on the wire.
 *
 * The page is read first: a page that is not full ends the matching rows, so the total is its offset plus its rows
 * and no count is needed (a narrow filter, a short list, the last page). Only a full page, or an empty one past the
 * start, needs the count. On PGlite's one connection that means one statement instead of two for such pages. A
 * PostgreSQL pool starts the count beside the page on a second connection, so that a full page waits only for the
 * longer of the two, and answers without waiting for the count when the page gave the total.
 */
export async function findPage(db: Db, binding: CrudBinding, user: SessionUser, request: PageRequest): Promise<PageResult<Row>> {
  const parts = partsOf(db, binding);
  const where = whereClause(conditions(binding, user, request.columnFilters));
  const order = pageOrder(db, binding, parts, request.sort);
  const { pageNum, pageSize } = request;
  const offset = (pageNum - 1) * pageSize;
  const count = sql<{ total: number }>`select count(*)::int as total from ${parts.from} ${where}`;
  const page = sql<Row>`select ${parts.select} from ${parts.from} ${where} order by ${order} limit ${pageSize} offset ${offset}`;
  const answer = (content: Row[], totalSize: number): PageResult<Row> => ({ content, totalSize, pageNum, pageSize });
  const totalOf = (rows: Row[]): number | null =>
    rows.length < pageSize && (rows.length > 0 || offset === 0) ? offset + rows.length : null;
  if (runsConcurrently(db)) {
    const counting = count.execute(db);
    // Handled here so that a count left unread (the page gave the total) never becomes an unhandled rejection;
    // awaiting it below still throws its error.
    counting.catch(() => undefined);
    const { rows } = await page.execute(db);
    const known = totalOf(rows);
    return answer(timesAsText(rows), known ?? (await counting).rows[0]?.total ?? 0);
  }
  const { rows } = await page.execute(db);
  const known = totalOf(rows);
  return answer(timesAsText(rows), known ?? (await count.execute(db)).rows[0]?.total ?? 0);
}

/**
 * A row with the system texts of its fields (`FieldDef.systemText`: what the server wrote as a code and values, such as
 * a count's log description) in the reader's language; what a user typed passes through.
 */
export function inLanguage(entity: EntityDef, row: Row, lang: LanguageCode): Row {
  const fields = Object.entries(entity.fields).filter(([, def]) => def.systemText);
  if (fields.length === 0) return row;
  const copy = { ...row };
  for (const [field] of fields) copy[field] = renderSystemText(row[field], (key, values) => translate(lang, key, values));
  return copy;
}

/** A page with the system texts of its rows in the reader's language (`inLanguage`). */
export function pageInLanguage(entity: EntityDef, page: PageResult<Row>, lang: LanguageCode): PageResult<Row> {
  return { ...page, content: page.content.map((row) => inLanguage(entity, row, lang)) };
}

/** Keeps the entity's editable fields, trimmed, with empty text as null. */
function editable(entity: EntityDef, input: Row): Row {
  const row: Row = {};
  for (const [field, def] of Object.entries(entity.fields)) {
    if (def.readOnly || !(field in input)) continue;
    const value = input[field];
    row[field] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : (value ?? null);
  }
  return row;
}

async function lockRow(trx: Trx, binding: CrudBinding, id: number): Promise<Row | null> {
  const { rows } =
    await sql<Row>`select ${selectList(binding.entity)} from ${sql.table(readFrom(binding))} where id = ${id} for update`.execute(
      trx,
    );
  return rows[0] ?? null;
}

async function refuseDuplicate(trx: Trx, binding: CrudBinding, row: Row, id: number | null): Promise<void> {
  const { entity, table } = binding;
  if (entity.unique.length === 0) return;
  const same = entity.unique.map((f) => sql`${sql.ref(snake(f))} = ${row[f] ?? null}`);
  if (id !== null) same.push(sql`id <> ${id}`);
  const { rows } = await sql`select 1 from ${sql.table(table)} where ${sql.join(same, sql` and `)} limit 1`.execute(trx);
  if (rows.length > 0) throw duplicate(entity);
}

function duplicate(entity: EntityDef): AppError {
  return new AppError('duplicateKey', { fields: entity.unique.map((f) => `entity.${entity.name}.field.${f}`) });
}

/** The column a CHECK constraint guards, from PostgreSQL's default name `<table>_<column>_check`. */
function checkedColumn(table: string, constraint: string | undefined): string | null {
  if (!constraint?.startsWith(`${table}_`) || !constraint.endsWith('_check')) return null;
  return constraint.slice(table.length + 1, -'_check'.length) || null;
}

/** Translates constraint violations that slipped past the checks (concurrent writers, ranges) into refusals. */
function translateDbError(error: unknown, entity: EntityDef, table: string, key: string): never {
  const code = pgErrorCode(error);
  const { detail = '', constraint } = error as { detail?: string; constraint?: string };
  if (code === PG_UNIQUE_VIOLATION) throw duplicate(entity);
  if (code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION) {
    // "is (still) referenced" = a delete of a row in use; "is not present" = a save naming a missing row.
    if (detail.includes('referenced')) throw new AppError('inUse', { entity: `entity.${entity.name}.name`, key });
    // Composite keys name the warehouse first: the last column is the code the user chose.
    const match = /Key \(([a-z0-9_, ]+)\)=\((.*)\) is not present/.exec(detail);
    const column = match?.[1]?.split(', ').at(-1);
    const value = match?.[2]?.split(', ').at(-1) ?? '';
    if (column && camel(column) in entity.fields)
      throw new AppError('referenceNotFound', { field: `entity.${entity.name}.field.${camel(column)}`, value });
    throw new AppError('fieldInvalid', { field: key });
  }
  if (code === PG_CHECK_VIOLATION) {
    const column = checkedColumn(table, constraint);
    if (column && camel(column) in entity.fields)
      throw new AppError('fieldInvalid', { field: `entity.${entity.name}.field.${camel(column)}` });
  }
  if (code === PG_NUMERIC_OUT_OF_RANGE) throw new AppError('numberOutOfRange');
  throw error;
}

function keyOf(entity: EntityDef, row: Row): string {
  return entity.unique.map((f) => String(row[f] ?? '')).join(' / ');
}

/**
 * Inserts (no id) or updates (with id) one row in one transaction.
 * Answers the row id, or 0 when the row is not the user's to write (spec: data 0 = not allowed).
 */
export async function saveRow(db: Db, binding: CrudBinding, user: SessionUser, input: Row): Promise<number> {
  const { entity, table } = binding;
  const id = input.id === undefined || input.id === null || input.id === '' ? null : Number(input.id);
  if (id !== null && !Number.isSafeInteger(id)) throw new AppError('fieldInvalid', { field: 'entity.common.field.id' });
  return joinTransaction(db, async (trx) => {
    const existing = id === null ? null : await lockRow(trx, binding, id);
    if (!user.permissions.has(permission(entity.resource, existing || id !== null ? 'edit' : 'add'))) throw new HttpError(403);
    if (id !== null && (!existing || !(await rowsAllowed(trx, binding, user, [existing], 'update')))) return 0;
    const row = { ...(existing ? editable(entity, existing) : {}), ...editable(entity, input) };
    if (existing) {
      // Keys never change after insert: they are what other rows refer to.
      for (const [field, def] of Object.entries(entity.fields)) if (def.immutable) row[field] = existing[field] ?? null;
    }
    const problem = rowRefusal(validateRow(entity, row));
    if (problem) throw new AppError(problem.code, problem.params);
    if (!(await rowsAllowed(trx, binding, user, [row], existing ? 'update' : 'insert'))) return 0;
    try {
      // Inside the try: a hook's own writes (a task number's series for a warehouse that does not exist) meet the
      // same constraints and get the same refusals.
      await binding.beforeSave?.(trx, row, { user, existing });
      await refuseDuplicate(trx, binding, row, id);
      // Server-maintained fields are written only when the binding's hook set them (e.g. a number from a series).
      const fields = Object.keys(entity.fields).filter((f) => !entity.fields[f]?.readOnly || row[f] !== undefined);
      let saved = id ?? 0;
      if (existing && id !== null) {
        const sets = fields.map((f) => sql`${sql.ref(snake(f))} = ${row[f] ?? null}`);
        await sql`update ${sql.table(table)} set ${sql.join(sets)}, update_time = now() where id = ${id}`.execute(trx);
      } else {
        const { rows } = await sql<{
          id: number;
        }>`insert into ${sql.table(table)} (${sql.join(fields.map((f) => sql.ref(snake(f))))})
          values (${sql.join(fields.map((f) => row[f] ?? null))}) returning id`.execute(trx);
        saved = rows[0]?.id ?? 0;
      }
      // Keys deferred to commit (a unit's item, migration 0006) are checked here, where their refusal is translated.
      await sql`set constraints all immediate`.execute(trx);
      return saved;
    } catch (error) {
      return translateDbError(error, entity, table, keyOf(entity, row));
    }
  });
}

/** Deletes the listed rows in one transaction; 0 (nothing deleted) when any is not the user's to delete. */
export async function deleteRows(db: Db, binding: CrudBinding, user: SessionUser, input: { id: number }[]): Promise<number> {
  const { entity, table } = binding;
  const ids = [...new Set(input.map((r) => r.id))];
  return db.transaction().execute(async (trx) => {
    const { rows } =
      await sql<Row>`select ${selectList(entity)} from ${sql.table(readFrom(binding))} where id = any(${ids}::bigint[]) order by id for update`.execute(
        trx,
      );
    if (rows.length !== ids.length || !(await rowsAllowed(trx, binding, user, rows, 'delete'))) return 0;
    await binding.beforeDelete?.(trx, rows, { user });
    try {
      // Row by row, so a foreign-key refusal tells which row is in use.
      for (const row of rows) await sql`delete from ${sql.table(table)} where id = ${row.id as number}`.execute(trx);
    } catch (error) {
      const row = rows.find((r) =>
        String((error as { detail?: string }).detail ?? '').includes(String(r[entity.unique.at(-1) ?? 'id'])),
      );
      return translateDbError(error, entity, table, row ? keyOf(entity, row) : '');
    }
    return rows.length;
  });
}
