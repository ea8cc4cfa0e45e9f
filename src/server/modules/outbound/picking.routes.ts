/**
 * The business calls of outbound picking (README "Allocation and picking"): `tWaveMaster/releaseWave` (contracts.md),
 * `tWavePickTask/completeWavePick`, `tWavePickTask/pickLocShortage`, and the allocation list's routes. Each route
 * declares its permission; the services check warehouse and client grants.
 */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import type { PageRequest } from '../../../shared/wire';
import { entityRowSchema, IdSchema, PageRequestSchema } from '../../crud/crud.routes';
import { findPage } from '../../crud/crud.service';
import { amount, closed, integer, list, nothingAnswer, oneOf, page, string } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import { SerialNumbersSchema } from '../serials/serials.schema';
import { type ReleaseInput, releaseWaves } from './allocation.service';
import { ALLOCATION_BINDING } from './picking.bindings';
import { completeWavePick, type PickInput, pickLocShortage, type ShortInput } from './picking.service';

const code = (max: number) => Type.String({ minLength: 1, maxLength: max });
const text = optionalText;
/** A quantity as typed (3 decimals at most, checked by the service) or as a JSON number. */
const Quantity = Type.Union([Type.String({ maxLength: 24 }), Type.Number({ minimum: 0, maximum: 1e15 })]);
const DATE = Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const ReleaseBody = Type.Object({
  whId: code(20),
  waveIds: Type.Array(code(30), { minItems: 1, maxItems: 50 }),
  overrideWorkType: code(20),
  priority: Type.Integer({ minimum: 1, maximum: 99 }),
  workersRequired: Type.Integer({ minimum: 1, maximum: 999 }),
  earliestShipDate: DATE,
  latestShipDate: DATE,
});

const PickBody = Type.Object({
  id: IdSchema,
  qty: Quantity,
  locationId: code(30),
  lotNumber: text(50),
  huId: text(50),
  serialNumbers: SerialNumbersSchema,
});

const ShortBody = Type.Object({ id: IdSchema, qtyFound: Quantity, serialNumbers: SerialNumbersSchema });

const ReleaseAnswer = envelope(list(closed({ waveId: string, planned: integer, short: integer })));
const PickAnswer = envelope(
  closed({
    id: integer,
    status: oneOf(['O', 'K']),
    pickedQty: amount,
    openQty: amount,
    stagingLocation: string,
  }),
);
const ShortAnswer = envelope(
  closed({ id: integer, pickedQty: amount, shortQty: amount, reallocatedQty: amount, unplannedQty: amount }),
);

export function registerPickRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const pick = permission('tWavePickTask', 'edit');

  app.post(
    '/tWaveMaster/releaseWave',
    {
      schema: { body: ReleaseBody, response: { 200: ReleaseAnswer } },
      config: { permission: permission('tWaveMaster', 'edit'), audit: true },
    },
    async (request) => ok(await releaseWaves(db, request.body as ReleaseInput, request.user!)),
  );

  app.post(
    '/tWavePickTask/completeWavePick',
    { schema: { body: PickBody, response: { 200: PickAnswer } }, config: { permission: pick, audit: true } },
    async (request) => ok(await completeWavePick(db, request.body as PickInput, request.user!)),
  );

  app.post(
    '/tWavePickTask/pickLocShortage',
    { schema: { body: ShortBody, response: { 200: ShortAnswer } }, config: { permission: pick, audit: true } },
    async (request) => ok(await pickLocShortage(db, request.body as ShortInput, request.user!)),
  );

  // The allocation list (spec 001 §2.10): read by whoever sees pick tasks or pick details; save and delete keep the spec's
  // permissions (§6) and answer, like every view-only entity, why they cannot be.
  const name = ALLOCATION_BINDING.entity.name;
  app.post(
    `/${name}/findPage`,
    {
      schema: { body: PageRequestSchema, response: { 200: envelope(page(entityRowSchema(ALLOCATION_BINDING.entity))) } },
      config: {
        permission: [
          permission('tAllocation', 'view'),
          permission('tWavePickTask', 'view'),
          permission('tPickDetail', 'view'),
        ].join(','),
      },
    },
    async (request) => ok(await findPage(db, ALLOCATION_BINDING, request.user!, request.body as PageRequest)),
  );
  const refuse = async () => {
    throw new AppError('viewOnlyEntity', { entity: `entity.${name}.name`, reason: `viewOnly.${name}` });
  };
  const DeleteBody = Type.Array(Type.Object({ id: IdSchema }), { minItems: 1, maxItems: 1000 });
  app.post(
    `/${name}/save`,
    {
      schema: { body: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown()), response: { 200: nothingAnswer } },
      config: { permission: permission('tAllocation', 'edit') },
    },
    refuse,
  );
  app.post(
    `/${name}/delete`,
    {
      schema: { body: DeleteBody, response: { 200: nothingAnswer } },
      config: { permission: permission('tAllocation', 'delete') },
    },
    refuse,
  );
}
