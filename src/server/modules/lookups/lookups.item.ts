import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import {
  ATTRIBUTE_SLOTS,
  type ItemAttributeType,
  type ItemLotControl,
  type LocationHuIndicate,
  type OptionEntry,
} from '../../../shared/lookups';
import { AUTHENTICATED } from '../../../shared/permissions';
import type { Db } from '../../db/connect';
import {
  closed,
  integer,
  list,
  nullable,
  nullableInteger,
  oneOf,
  optionsAnswer,
  string,
  text,
} from '../../platform/answerSchemas';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { envelope } from '../../platform/openapi';
import { attributeTypes, storedAttributeIdForItem } from '../masterdata/attributes.service';

const ItemBody = Type.Object({ whId: Type.String({ maxLength: 20 }), itemNumber: Type.String({ maxLength: 50 }) });
type ItemBodyType = { whId: string; itemNumber: string };

const attributeValueKeys = Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => `genericAttrValue${i + 1}`);
const StoredAttributeBody = Type.Object({
  whId: Type.String({ maxLength: 20 }),
  itemNumber: Type.String({ maxLength: 50 }),
  ...Object.fromEntries(
    attributeValueKeys.map((key) => [key, Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()]))]),
  ),
});

const LocationBody = Type.Object({ whId: Type.String({ maxLength: 20 }), locationId: Type.String({ maxLength: 30 }) });

/** The item as the line dialogs need it (shared/lookups.ts ItemLotControl), null outside the caller's grants. */
const ItemAnswer = envelope(
  nullable(
    closed({
      itemNumber: string,
      description: string,
      clientCode: string,
      uom: string,
      lotControl: oneOf(['Y', 'N']),
      serialControl: oneOf(['Y', 'N']),
      attributeCollectionId: text,
      shelfLife: nullableInteger,
    }),
  ),
);
const AttributeTypesAnswer = envelope(list(closed({ slot: integer, attributeType: string })));
/** The stored attribute combination's id; null when the item has no attributes to store. */
const StoredAttributeAnswer = envelope(closed({ storedAttributeId: nullableInteger }));
const HuIndicateAnswer = envelope(nullable(closed({ locationId: string, itemHuIndicate: oneOf(['I', 'H']), type: string })));

/** The item as the line dialogs need it, or null when it is not in the user's warehouses or clients. */
async function findItem(db: Db, user: SessionUser, whId: string, itemNumber: string): Promise<ItemLotControl | null> {
  if (!grantsWarehouse(user, whId)) return null;
  const item = await db
    .selectFrom('tItemMaster')
    .select([
      'itemNumber',
      'description',
      'clientCode',
      'uom',
      'lotControl',
      'serialControl',
      'attributeCollectionId',
      'shelfLife',
    ])
    .where('whId', '=', whId)
    .where('itemNumber', '=', itemNumber.trim())
    .executeTakeFirst();
  if (!item || !grantsClient(user, whId, item.clientCode, 'read')) return null;
  return {
    ...item,
    lotControl: item.lotControl === 'Y' ? 'Y' : 'N',
    serialControl: item.serialControl === 'Y' ? 'Y' : 'N',
  };
}

/** Formats a numeric(18, 3) factor without its trailing zeros: "12.000" → "12". */
function plain(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

/** Item and location lookups of the line dialogs (spec 000 §2 movement/adjustment dialogs, §7). */
export function registerItemLookups(app: FastifyInstance, ctx: AppContext): void {
  const route = { config: { permission: AUTHENTICATED } } as const;

  // The item's units, base unit first (the dialog selects the first): "EA", then "CS (12 EA)" by conversion factor.
  app.post(
    '/globalOptions/getItemBaseUom',
    { ...route, schema: { body: ItemBody, response: { 200: optionsAnswer } } },
    async (request) => {
      const { whId, itemNumber } = request.body as ItemBodyType;
      const item = await findItem(ctx.db, request.user!, whId, itemNumber);
      if (!item) return ok([]);
      const units = await ctx.db
        .selectFrom('tItemUom')
        .select(['uom', 'conversionFactor'])
        .where('whId', '=', whId)
        .where('itemNumber', '=', item.itemNumber)
        .where('status', '=', 'A')
        .where('uom', '<>', item.uom)
        .orderBy(sql`conversion_factor`)
        .orderBy('uom')
        .execute();
      const options: OptionEntry[] = [
        { optionValue: item.uom, optionDisplay: item.uom },
        ...units.map((u) => ({
          optionValue: u.uom,
          optionDisplay: `${u.uom} (${plain(String(u.conversionFactor))} ${item.uom})`,
        })),
      ];
      return ok(options);
    },
  );

  app.post(
    '/globalOptions/getItemLotCtlAttrCollection',
    { ...route, schema: { body: ItemBody, response: { 200: ItemAnswer } } },
    async (request) => {
      const { whId, itemNumber } = request.body as ItemBodyType;
      return ok(await findItem(ctx.db, request.user!, whId, itemNumber));
    },
  );

  app.post(
    '/globalOptions/getItemAttributeTypes',
    { ...route, schema: { body: ItemBody, response: { 200: AttributeTypesAnswer } } },
    async (request) => {
      const { whId, itemNumber } = request.body as ItemBodyType;
      const item = await findItem(ctx.db, request.user!, whId, itemNumber);
      if (!item?.attributeCollectionId) return ok([]);
      const types = (await attributeTypes(ctx.db, whId, item.attributeCollectionId)) ?? [];
      const used: ItemAttributeType[] = types.flatMap((attributeType, i) =>
        attributeType ? [{ slot: i + 1, attributeType }] : [],
      );
      return ok(used);
    },
  );

  // Creates the combination on first use: the line being entered will carry the id.
  app.post(
    '/globalOptions/getStoredAttributeId',
    { ...route, schema: { body: StoredAttributeBody, response: { 200: StoredAttributeAnswer } } },
    async (request) => {
      const body = request.body as ItemBodyType & Record<string, string | null | undefined>;
      const item = await findItem(ctx.db, request.user!, body.whId, body.itemNumber);
      if (!item) throw new AppError('itemNotFound');
      const storedAttributeId = await storedAttributeIdForItem(
        ctx.db,
        { whId: body.whId, attributeCollectionId: item.attributeCollectionId },
        attributeValueKeys.map((key) => body[key]),
      );
      return ok({ storedAttributeId });
    },
  );

  app.post(
    '/globalOptions/getLocItemHuIndicate',
    { ...route, schema: { body: LocationBody, response: { 200: HuIndicateAnswer } } },
    async (request) => {
      const { whId, locationId } = request.body as { whId: string; locationId: string };
      if (!grantsWarehouse(request.user!, whId)) return ok(null);
      const row = await ctx.db
        .selectFrom('tLocation')
        .select(['locationId', 'itemHuIndicator', 'type'])
        .where('whId', '=', whId)
        .where('locationId', '=', locationId.trim())
        .executeTakeFirst();
      const answer: LocationHuIndicate | null = row
        ? { locationId: row.locationId, itemHuIndicate: row.itemHuIndicator === 'H' ? 'H' : 'I', type: row.type }
        : null;
      return ok(answer);
    },
  );
}
