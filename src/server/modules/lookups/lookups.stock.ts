import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { OptionEntry } from '../../../shared/lookups';
import { AUTHENTICATED } from '../../../shared/permissions';
import { closed, list, option, optionsAnswer, string, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { grantScope, grantsWarehouse } from '../../platform/grants';
import { envelope, type JsonSchema } from '../../platform/openapi';
import { OPTION_LIST_CAP } from './lookups.options';

const optional = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** An option of the expiry lookup: the item with the lot and expiry date in stock. */
export interface ExpiryOption extends OptionEntry {
  lotNumber: string | null;
  expirationDate: string;
}

/** An option of the attribute lookup: a stored attribute id in stock with its 11 values. */
export interface StoredAttributeOption extends OptionEntry {
  values: (string | null)[];
}

const optionFields = option.properties as Record<string, JsonSchema>;
/** ExpiryOption: the item option with the lot and the expiry date (YYYY-MM-DD). */
const ExpiryAnswer = envelope(list(closed({ ...optionFields, lotNumber: text, expirationDate: string })));
/** StoredAttributeOption: the option with the 11 attribute values. */
const StoredAttributesAnswer = envelope(list(closed({ ...optionFields, values: list(text) })));

const ATTRS = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1}`);

/**
 * The lookups over orders and stock (spec 001 §7), each limited to the caller's warehouse and client grants:
 * - getOrdersByStatus (whId, clientCode, status): the orders, optionally of one client and status, "number customer".
 * - getExpiryDateItemsByZone (whId, zone): item, lot and expiry of the stock with an expiry date in a zone (counts by
 *   lot and expiry), soonest first.
 * - getStoAttributesByItem (whId, itemNumber, locationId): the stored attribute ids of an item in stock (at a location
 *   when named), "id: value / value".
 */
export function registerStockLookups(app: FastifyInstance, ctx: AppContext): void {
  const route = { config: { permission: AUTHENTICATED } } as const;

  app.post(
    '/globalOptions/getOrdersByStatus',
    {
      ...route,
      schema: {
        body: Type.Object({ whId: Type.String({ maxLength: 20 }), clientCode: optional(30), status: optional(1) }),
        response: { 200: optionsAnswer },
      },
    },
    async (request) => {
      const body = request.body as { whId: string; clientCode?: string; status?: string };
      if (!grantsWarehouse(request.user!, body.whId)) return ok([]);
      const clientCode = blank(body.clientCode);
      const status = blank(body.status);
      const { rows } = await sql<OptionEntry>`
        select order_number as option_value, concat_ws(' ', order_number, nullif(customer_name, '')) as option_display
        from t_order
        where wh_id = ${body.whId} and ${grantScope(request.user!, sql.ref('wh_id'), sql.ref('client_code'))}
          ${clientCode ? sql`and client_code = ${clientCode}` : sql``}
          ${status ? sql`and status = ${status}` : sql``}
        order by order_number limit ${OPTION_LIST_CAP}`.execute(ctx.db);
      return ok(rows);
    },
  );

  app.post(
    '/globalOptions/getExpiryDateItemsByZone',
    {
      ...route,
      schema: {
        body: Type.Object({ whId: Type.String({ maxLength: 20 }), zone: optional(20), clientCode: optional(30) }),
        response: { 200: ExpiryAnswer },
      },
    },
    async (request) => {
      const body = request.body as { whId: string; zone?: string; clientCode?: string };
      const zone = blank(body.zone);
      if (!grantsWarehouse(request.user!, body.whId) || !zone) return ok([]);
      const { rows } = await sql<ExpiryOption>`
        select s.item_number as option_value,
          concat_ws(' ', s.item_number, s.lot_number, to_char(s.expiration_date, 'YYYY-MM-DD')) as option_display,
          s.lot_number, to_char(s.expiration_date, 'YYYY-MM-DD') as expiration_date
        from t_stored_item s join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
        where s.wh_id = ${body.whId} and l.zone = ${zone} and s.expiration_date is not null
          and ${grantScope(request.user!, sql.ref('s.wh_id'), sql.ref('s.client_code'))}
          ${blank(body.clientCode) ? sql`and s.client_code = ${blank(body.clientCode)}` : sql``}
        group by s.item_number, s.lot_number, s.expiration_date
        order by s.expiration_date, s.item_number, s.lot_number limit ${OPTION_LIST_CAP}`.execute(ctx.db);
      return ok(rows);
    },
  );

  app.post(
    '/globalOptions/getStoAttributesByItem',
    {
      ...route,
      schema: {
        body: Type.Object({
          whId: Type.String({ maxLength: 20 }),
          itemNumber: Type.String({ maxLength: 50 }),
          locationId: optional(30),
        }),
        response: { 200: StoredAttributesAnswer },
      },
    },
    async (request) => {
      const body = request.body as { whId: string; itemNumber: string; locationId?: string };
      if (!grantsWarehouse(request.user!, body.whId)) return ok([]);
      const locationId = blank(body.locationId);
      const { rows } = await sql<{ id: string; values: (string | null)[] }>`
        select a.id::text as id, array[${sql.join(ATTRS.map((c) => sql.ref(`a.${c}`)))}]::text[] as values
        from t_stored_attribute a
        where a.id in (
          select s.stored_attribute_id from t_stored_item s
          where s.wh_id = ${body.whId} and s.item_number = ${body.itemNumber.trim()} and s.stored_attribute_id is not null
            and ${grantScope(request.user!, sql.ref('s.wh_id'), sql.ref('s.client_code'))}
            ${locationId ? sql`and s.location_id = ${locationId}` : sql``})
        order by a.id limit ${OPTION_LIST_CAP}`.execute(ctx.db);
      const options: StoredAttributeOption[] = rows.map((r) => ({
        optionValue: r.id,
        optionDisplay: `${r.id}: ${r.values.filter((v) => v !== null && v !== '').join(' / ')}`,
        values: r.values,
      }));
      return ok(options);
    },
  );
}
