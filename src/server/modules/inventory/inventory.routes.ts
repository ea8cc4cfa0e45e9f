/**
 * Inventory calls beyond the generic ones (spec 000 §7, spec 001 §7): approving movements, confirming
 * adjustments, holding and releasing stock, available stock for the line dialogs, and the log queries.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { exceptionLog } from '../../../shared/entities/exceptionLog';
import { tranLog } from '../../../shared/entities/tranLog';
import { tStoredItem } from '../../../shared/entities/tStoredItem';
import { permission } from '../../../shared/permissions';
import type { PageRequest } from '../../../shared/wire';
import { entityRowSchema, PageRequestSchema } from '../../crud/crud.routes';
import { findPage, inLanguage, mayRead, pageInLanguage } from '../../crud/crud.service';
import type { CrudBinding } from '../../crud/crud.types';
import { inTransaction } from '../../db/transaction';
import {
  amount,
  closed,
  countAnswer,
  day,
  doneAnswer,
  list,
  oneOf,
  optionsAnswer,
  page,
  text,
} from '../../platform/answerSchemas';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantScope, grantsClient, grantsWarehouse, itemClient } from '../../platform/grants';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import { approveMovement, confirmAdjustment } from './execute.service';
import { registerExpiryRoutes } from './expiry.routes';
import { AVAILABLE_QTY, lockStockKeys, loggingRefusal, type StockKey, setHold } from './ledger.service';
import { registerLineRoutes } from './lines.routes';
import { registerTraceRoutes } from './trace.routes';

function requireWarehouse(user: SessionUser, whId: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
}

const TaskBody = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  taskId: Type.String({ minLength: 1, maxLength: 30 }),
});
const StockQuery = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  locationId: Type.String({ minLength: 1, maxLength: 30 }),
  itemNumber: Type.String({ minLength: 1, maxLength: 50 }),
  lotNumber: optionalText(50),
  huId: optionalText(50),
  // Null first: with type coercion on, a null would otherwise become the integer 0.
  // An id as a number or as digits (the console sends what the line holds); arrays and other text refused with 400.
  storedAttributeId: Type.Optional(
    Type.Unsafe<number | string | null>({ type: ['integer', 'string', 'null'], minimum: 1, maxLength: 20, pattern: '^[0-9]*$' }),
  ),
});
type StockQueryBody = {
  whId: string;
  locationId: string;
  itemNumber: string;
  lotNumber?: string | null;
  huId?: string | null;
  storedAttributeId?: number | string | null;
};
const blank = (v: string | number | null | undefined) => (v === undefined || v === null || v === '' ? null : String(v));

/** What one ledger key holds (`availableStock` below): the quantities as text, never null. */
const AvailableStockAnswer = envelope(
  list(
    closed({
      actualQty: amount,
      availableQty: amount,
      heldQty: amount,
      onHandQty: amount,
      status: oneOf(['A', 'H']),
      expirationDate: day,
      huId: text,
    }),
  ),
);

const LOG_BINDINGS = {
  tranLog: { entity: tranLog, table: 'tran_log' },
  exceptionLog: { entity: exceptionLog, table: 'exception_log' },
} as const satisfies Record<string, CrudBinding>;
const STORED_ITEMS: CrudBinding = { entity: tStoredItem, table: 'v_stored_item' };

export function registerInventoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerLineRoutes(app, ctx);
  registerExpiryRoutes(app, ctx);
  registerTraceRoutes(app, ctx);

  // Executing a task: one transaction over all its lines; a refusal is kept in the exception log.
  const executions = [
    { url: '/tblInvMovement/approvePlannedMove', resource: 'tblInvMovement', tranType: 'MOVE', run: approveMovement },
    { url: '/tblInvAdjustment/confirmInvAdjustment', resource: 'tblInvAdjustment', tranType: 'ADJUST', run: confirmAdjustment },
  ] as const;
  for (const { url, resource, tranType, run } of executions) {
    app.post(
      url,
      {
        schema: { body: TaskBody, response: { 200: doneAnswer } },
        config: { permission: permission(resource, 'edit'), audit: true },
      },
      async (request) => {
        const { whId, taskId } = request.body as { whId: string; taskId: string };
        const user = request.user!;
        requireWarehouse(user, whId);
        await loggingRefusal(db, { whId, category: 'INVENTORY', tranType, controlNumber: taskId, user: user.name }, () =>
          run(db, whId, taskId, user),
        );
        return ok(1);
      },
    );
  }

  app.post(
    '/tStoredItem/holdReleaseInventory',
    {
      schema: {
        body: Type.Object({
          ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
          hold: Type.Boolean(),
          reasonId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
        }),
        response: { 200: countAnswer },
      },
      config: { permission: permission('tStoredItem', 'edit'), audit: true },
    },
    async (request) => {
      const { ids, hold, reasonId } = request.body as { ids: number[]; hold: boolean; reasonId?: string | null };
      const user = request.user!;
      const changed = await inTransaction(db, async (trx) => {
        // Like every ledger writer: the rows' keys first, in the global order, then the rows themselves.
        const { rows: keys } = await sql<StockKey>`
          select wh_id, location_id, item_number, lot_number, hu_id, stored_attribute_id
          from t_stored_item where id = any(${ids}::bigint[])`.execute(trx);
        await lockStockKeys(trx, keys);
        const { rows } = await sql<{
          id: number;
          whId: string;
          clientCode: string;
          locationId: string;
          itemNumber: string;
          allocatedQty: string;
        }>`
          select id, wh_id, client_code, location_id, item_number, trim_scale(allocated_qty)::text as allocated_qty
          from t_stored_item where id = any(${ids}::bigint[]) order by id for update`.execute(trx);
        if (rows.length !== new Set(ids).size) throw new AppError('notFound');
        let count = 0;
        for (const row of rows) {
          requireWarehouse(user, row.whId);
          if (!grantsClient(user, row.whId, row.clientCode, 'write')) {
            throw new AppError('clientNotGranted', { clientCode: row.clientCode });
          }
          if (hold) {
            // Reserved units belong to pick tasks: a hold would strand them (a short pick holds its row itself).
            if (Number(row.allocatedQty) > 0) {
              throw new AppError('holdAllocatedStock', {
                locationId: row.locationId,
                itemNumber: row.itemNumber,
                allocated: row.allocatedQty,
              });
            }
            const { rows: reasons } = await sql`
              select 1 from t_reason where wh_id = ${row.whId} and reason_type = 'HOLD' and reason_id = ${reasonId ?? ''}
                and (client_code is null or client_code = ${row.clientCode})`.execute(trx);
            if (reasons.length === 0) throw new AppError('holdReasonRequired');
          }
          const context = {
            category: 'INVENTORY' as const,
            tranType: hold ? 'HOLD' : 'RELEASE',
            description: hold ? String(reasonId) : '',
            employeeId: user.name,
            controlNumber: null,
            lineNumber: null,
            fromLocationId: null,
            toLocationId: null,
          };
          if (await setHold(trx, row.id, hold, reasonId ?? null, context)) count++;
        }
        return count;
      });
      return ok(changed);
    },
  );

  // The line dialogs' stock check: what is available of one exact ledger key. `actualQty` keeps the spec's name (the
  // console reads a list with actualQty) but is the available quantity, as the call's name says; `availableQty` is
  // the same, `heldQty` what is held or unavailable, `onHandQty` what is physically there (available + held).
  const availableStock = async (body: StockQueryBody, user: SessionUser) => {
    if (!grantsWarehouse(user, body.whId)) return [];
    const { rows } = await sql<{ actualQty: string; availableQty: string; heldQty: string; onHandQty: string }>`
      select trim_scale(${AVAILABLE_QTY})::text as actual_qty, trim_scale(${AVAILABLE_QTY})::text as available_qty,
        trim_scale(actual_qty - ${AVAILABLE_QTY})::text as held_qty, trim_scale(actual_qty)::text as on_hand_qty,
        status, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date, hu_id
      from t_stored_item
      where ${grantScope(user, sql.ref('wh_id'), sql.ref('client_code'))}
        and wh_id = ${body.whId} and location_id = ${body.locationId} and item_number = ${body.itemNumber}
        and lot_number is not distinct from ${blank(body.lotNumber)}
        and hu_id is not distinct from ${blank(body.huId)}
        and stored_attribute_id is not distinct from ${blank(body.storedAttributeId)}::bigint`.execute(db);
    return rows;
  };
  const stockLookupPermission = [
    permission('tStoredItem', 'view'),
    permission('tblInvMovement', 'add'),
    permission('tblInvMovement', 'edit'),
    permission('tblInvAdjustment', 'add'),
    permission('tblInvAdjustment', 'edit'),
  ].join(',');
  for (const name of ['findAvailableStock', 'findAvailableStockQty']) {
    app.post(
      `/tStoredItem/${name}`,
      { schema: { body: StockQuery, response: { 200: AvailableStockAnswer } }, config: { permission: stockLookupPermission } },
      async (request) => ok(await availableStock(request.body as StockQueryBody, request.user!)),
    );
  }

  // Stock at one location (findPageByLocID) or at locations starting with a prefix (findPageByLocation).
  const LocationPage = Type.Object({
    ...PageRequestSchema.properties,
    whId: Type.String({ minLength: 1, maxLength: 20 }),
    locationId: Type.String({ minLength: 1, maxLength: 30 }),
  });
  for (const [name, exact] of [
    ['findPageByLocID', true],
    ['findPageByLocation', false],
  ] as const) {
    app.post(
      `/tStoredItem/${name}`,
      {
        schema: { body: LocationPage, response: { 200: envelope(page(entityRowSchema(tStoredItem))) } },
        config: { permission: permission('tStoredItem', 'view') },
      },
      async (request) => {
        const body = request.body as PageRequest & { whId: string; locationId: string };
        // One location is that location (not every location containing its id); a prefix is a pattern.
        const code = body.locationId.replace(/%/g, '');
        const locationId = exact ? { value: code, exact: true } : `${code}%`;
        return ok(
          await findPage(db, STORED_ITEMS, request.user!, {
            pageNum: body.pageNum,
            pageSize: body.pageSize,
            columnFilters: { ...body.columnFilters, whId: body.whId, locationId },
          }),
        );
      },
    );
  }

  for (const [name, binding] of Object.entries(LOG_BINDINGS)) {
    const view = permission(name, 'view');
    app.get(
      `/${name}/findById`,
      {
        schema: {
          querystring: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          response: { 200: envelope(entityRowSchema(binding.entity)) },
        },
        config: { permission: view },
      },
      async (request) => {
        const { id } = request.query as { id: number };
        const { rows } = await sql<
          Record<string, unknown>
        >`select *, trim_scale(quantity)::text as quantity from ${sql.table(binding.table)} where id = ${id}`.execute(db);
        const row = rows[0];
        if (!row || !(await mayRead(db, binding, request.user!, row))) throw new AppError('notFound');
        return ok(inLanguage(binding.entity, row, request.lang));
      },
    );
    app.post(
      `/${name}/getTranTypes`,
      { schema: { response: { 200: optionsAnswer } }, config: { permission: view } },
      async (request) => {
        const user = request.user!;
        const client = name === 'tranLog' ? sql.ref('client_code') : itemClient(binding.table);
        const { rows } = await sql<{ optionValue: string }>`
        select distinct tran_type as option_value from ${sql.table(binding.table)}
        where ${grantScope(user, sql.ref('wh_id'), client)} order by 1`.execute(db);
        return ok(rows.map((r) => ({ optionValue: r.optionValue, optionDisplay: r.optionValue })));
      },
    );
  }
  for (const [name, category] of [
    ['getInboundOperationLog', 'INBOUND'],
    ['getOutboundOperationLog', 'OUTBOUND'],
    ['getInventoryOperationLog', 'INVENTORY'],
  ] as const) {
    app.post(
      `/tranLog/${name}`,
      {
        schema: { body: PageRequestSchema, response: { 200: envelope(page(entityRowSchema(tranLog))) } },
        config: { permission: permission('tranLog', 'view') },
      },
      async (request) => {
        const body = request.body as PageRequest;
        const page = await findPage(db, LOG_BINDINGS.tranLog, request.user!, {
          ...body,
          columnFilters: { ...body.columnFilters, category },
        });
        return ok(pageInLanguage(tranLog, page, request.lang));
      },
    );
  }
}
