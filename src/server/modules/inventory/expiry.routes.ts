/**
 * The expiring-stock report and the home screen's count (inventory README "Expiry"), permission sys:expiringStock:view;
 * the warehouse and client grants apply to both.
 *
 * - `POST /vExpiringStock/findPageByPara`: the page request whose `columnFilters` are `{whId, clientCode?, itemNumber?,
 *   days?}`: rows of the warehouse whose expiry is at most `days` days away (default: each row's warning days), expired
 *   rows included; soonest expiry first (or a sortable column).
 * - `POST /vExpiringStock/count` `{}` → `{count}`: rows within their warning days over every warehouse the user holds.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { vExpiringStock } from '../../../shared/entities/vExpiringStock';
import { permission } from '../../../shared/permissions';
import { registerDocumentSearchRoute } from '../../crud/documentSearch';
import { closed, integer } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantScope } from '../../platform/grants';
import { envelope } from '../../platform/openapi';
import { parseDays } from '../masterdata/controls';
import { expiringStockCount, WITHIN_WARNING_DAYS } from './expiry';

interface ExpirySearch {
  whId: string;
  clientCode?: string;
  itemNumber?: string;
  days?: string | number;
}

const SearchSchema = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  clientCode: Type.Optional(Type.String({ maxLength: 30 })),
  itemNumber: Type.Optional(Type.String({ maxLength: 50 })),
  days: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Integer()])),
});

export function registerExpiryRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDocumentSearchRoute<ExpirySearch>(
    app,
    ctx,
    {
      entity: vExpiringStock,
      table: 'v_expiring_stock',
      labelPrefix: 'inventory.expiring',
      conditions(where, search) {
        where.value('m.client_code', search.clientCode);
        where.value('m.item_number', search.itemNumber, true);
        const typed = String(search.days ?? '').trim();
        const days = typed === '' ? null : parseDays(typed);
        if (typed !== '' && days === null)
          throw new AppError('controlDaysInvalid', { controlName: 'inventory.expiring.days', value: typed });
        where.add(days === null ? WITHIN_WARNING_DAYS : sql`m.days_left <= ${days}::int`);
      },
      // No totals: a stock row is its own line (an empty select adds no column).
      totals: sql`select`,
      totalsSchema: {},
      order: sql`m.expiration_date, m.item_number, m.location_id, m.id`,
    },
    SearchSchema,
  );

  app.post(
    '/vExpiringStock/count',
    {
      schema: { body: Type.Object({}), response: { 200: envelope(closed({ count: integer })) } },
      config: { permission: permission('expiringStock', 'view') },
    },
    async (request) => {
      const { rows } = await expiringStockCount(grantScope(request.user!, sql.ref('m.wh_id'), sql.ref('m.client_code'))).execute(
        ctx.db,
      );
      return ok({ count: rows[0]?.count ?? 0 });
    },
  );
}
