import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { type TSchema, Type } from 'typebox';
import { LOOKUP_DEFAULT_LIMIT, LOOKUP_MAX_LIMIT, SEARCHABLE_LOOKUPS } from '../../../shared/lookups';
import { AUTHENTICATED } from '../../../shared/permissions';
import { optionsAnswer } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { grantsWarehouse } from '../../platform/grants';
import { listOptions, type OptionSource } from './lookups.options';

/** A request body as the list lookups read it: every key an optional string, besides `limit`. */
export type ListBody = { whId: string; clientCode?: string; keyword?: string; optionValue?: string; limit?: number } & Record<
  string,
  string | number | undefined
>;

/** One list lookup of `/globalOptions/*`: its table, the body keys it reads besides whId/clientCode, its conditions. */
interface ListLookup {
  source: OptionSource;
  /** Further body keys (all optional text) with their maximum length. */
  params?: Readonly<Record<string, number>>;
  where?: (body: ListBody) => RawBuilder<unknown>[];
}

const text = (body: ListBody, key: string): string | undefined => {
  const value = body[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const LOCATION: OptionSource = {
  table: 't_location',
  value: 'location_id',
  activeOnly: true,
  search: ['location_id', 'short_location_id', 'description'],
};

/**
 * The list lookups, by name. Bodies follow spec 000 §7 / 001 §7 and the parameters the entity forms send;
 * keys a table does not have (a client on item types) are accepted and ignored.
 */
export const LIST_LOOKUPS: Readonly<Record<string, ListLookup>> = {
  getClient: { source: { table: 't_client', value: 'client_code', label: 'name', clientColumn: 'client_code' } },
  getSku: {
    source: {
      table: 't_item_master',
      value: 'item_number',
      label: 'description',
      clientColumn: 'client_code',
      activeOnly: true,
      search: ['item_number', 'description', 'display_item_number', 'upc'],
    },
  },
  getLocation: {
    source: LOCATION,
    params: { type: 1, zone: 20 },
    where: (body) => [
      ...(text(body, 'type') ? [sql`type = ${text(body, 'type')}`] : []),
      ...(text(body, 'zone') ? [sql`zone = ${text(body, 'zone')}`] : []),
    ],
  },
  // Locations are not owned by a client; clientCode is accepted (the spec sends it) but does not narrow the list.
  getDestinationLocation: {
    source: LOCATION,
    params: { locationId: 30 },
    where: (body) => (text(body, 'locationId') ? [sql`location_id <> ${text(body, 'locationId')}`] : []),
  },
  // The zone's locations: those whose home zone it is and those assigned to it (t_zone_loca), in picking order.
  getLocatonsByZone: {
    source: { ...LOCATION, orderBy: ['picking_flow', 'location_id'] },
    params: { zone: 20 },
    where: (body) => {
      const zone = text(body, 'zone') ?? null;
      return [
        sql`(zone = ${zone} or location_id in (
          select zl.location_id from t_zone_loca zl where zl.wh_id = ${body.whId} and zl.zone = ${zone}))`,
      ];
    },
  },
  // With a door: its staging location; without: every staging (type S) location.
  getDockDoorStagingLoc: {
    source: LOCATION,
    params: { doorId: 20 },
    where: (body) => {
      const doorId = text(body, 'doorId');
      return doorId
        ? [
            sql`location_id in (
              select d.staging_location_id from t_dock_door d where d.wh_id = ${body.whId} and d.door_id = ${doorId})`,
          ]
        : [sql`type = 'S'`];
    },
  },
  getZone: {
    source: { table: 't_zone', value: 'zone', label: 'description' },
    params: { zoneType: 1 },
    where: (body) => (text(body, 'zoneType') ? [sql`zone_type = ${text(body, 'zoneType')}`] : []),
  },
  // A reason without client serves every client of the warehouse.
  getReason: {
    source: { table: 't_reason', value: 'reason_id', label: 'description', clientColumn: 'client_code' },
    params: { type: 20 },
    where: (body) => (text(body, 'type') ? [sql`reason_type = ${text(body, 'type')}`] : []),
  },
  getCartonType: { source: { table: 'tbl_carton_type', value: 'carton_type', label: 'description', activeOnly: true } },
  getDockDoor: {
    source: { table: 't_dock_door', value: 'door_id', label: 'description', activeOnly: true },
    params: { doorType: 1 },
    where: (body) => (text(body, 'doorType') ? [sql`door_type in (${text(body, 'doorType')}, 'B')`] : []),
  },
  getVendor: { source: { table: 't_vendor', value: 'vendor_code', label: 'vendor_name' } },
  getCarrier: { source: { table: 't_carrier', value: 'carrier_code', label: 'carrier_name', activeOnly: true } },
  getWorkType: { source: { table: 't_work_type', value: 'work_type', label: 'description', orderBy: ['priority', 'work_type'] } },
  getItemType: { source: { table: 't_item_type', value: 'item_type_id', label: 'description' } },
  getClassByParam: {
    source: { table: 't_item_class', value: 'class_id', label: 'description' },
    params: { itemTypeId: 20 },
    where: (body) => (text(body, 'itemTypeId') ? [sql`item_type_id = ${text(body, 'itemTypeId')}`] : []),
  },
  getAttributeCollection: { source: { table: 't_attribute_collection', value: 'attribute_collection_id', label: 'description' } },
  // The SCAC codes of the warehouse's active carriers (a PO names its inbound carrier by SCAC), the carrier's name beside.
  getCarrierScac: {
    source: { table: 't_carrier', value: 'scac_code', label: 'carrier_name', activeOnly: true },
    where: () => [sql`scac_code is not null`],
  },
};

function bodySchema(name: string, lookup: ListLookup): TSchema {
  const keys: Record<string, TSchema> = {
    whId: Type.String({ maxLength: 20 }),
    clientCode: Type.Optional(Type.String({ maxLength: 30 })),
  };
  for (const [key, max] of Object.entries(lookup.params ?? {})) keys[key] = Type.Optional(Type.String({ maxLength: max }));
  if (SEARCHABLE_LOOKUPS.has(name)) {
    keys.keyword = Type.Optional(Type.String({ maxLength: 50 }));
    keys.optionValue = Type.Optional(Type.String({ maxLength: 60 }));
    keys.limit = Type.Integer({ minimum: 1, maximum: LOOKUP_MAX_LIMIT, default: LOOKUP_DEFAULT_LIMIT });
  }
  return Type.Object(keys);
}

/** Registers every list lookup: `[{optionValue, optionDisplay}]` of the asked warehouse, [] outside the user's grants. */
export function registerListLookups(app: FastifyInstance, ctx: AppContext): void {
  for (const [name, lookup] of Object.entries(LIST_LOOKUPS)) {
    app.post(
      `/globalOptions/${name}`,
      { schema: { body: bodySchema(name, lookup), response: { 200: optionsAnswer } }, config: { permission: AUTHENTICATED } },
      async (request) => {
        const body = request.body as ListBody;
        if (!grantsWarehouse(request.user!, body.whId)) return ok([]);
        return ok(
          await listOptions(ctx.db, request.user!, body.whId, lookup.source, {
            clientCode: text(body, 'clientCode'),
            keyword: text(body, 'keyword'),
            optionValue: text(body, 'optionValue'),
            limit: body.limit,
            where: lookup.where?.(body) ?? [],
          }),
        );
      },
    );
  }
}
