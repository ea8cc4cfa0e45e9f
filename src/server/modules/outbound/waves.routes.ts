/**
 * The business calls of outbound waves (spec 001 §7 "Waves", contracts.md; README "Waves"): hold, the wave detail's
 * removeOrder and lines, the wave-load profile calls and the working set's select, add and remove. The calls the spec
 * answers with `[{outCode, outMsg}]` answer a refusal the same way (outCode = the refusal's code, outMsg its message in
 * the user's language), after rolling everything back.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { MAX_PAGE_SIZE } from '../../../shared/wire';
import { IdSchema } from '../../crud/crud.routes';
import type { Row } from '../../crud/crud.types';
import {
  amount,
  closed,
  countAnswer,
  integer,
  list,
  nothingAnswer,
  nullableInteger,
  oneOf,
  string,
  text,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantScope } from '../../platform/grants';
import { translate } from '../../platform/i18n';
import { envelope, type JsonSchema } from '../../platform/openapi';
import {
  addSelectedOrders,
  execWaveLoadProfile,
  listProfiles,
  markSelected,
  profileParameters,
  removeSelectedOrders,
  type WaveLoadForm,
  type WaveOrderCall,
  type WaveOutcome,
} from './waveOrders.service';
import { holdWaves, removeWaveDetails } from './waves.service';

const WhId = Type.String({ minLength: 1, maxLength: 20 });
const WaveId = Type.String({ minLength: 1, maxLength: 30 });
const ClientCode = Type.String({ minLength: 1, maxLength: 30 });
const UserName = Type.String({ minLength: 1, maxLength: 50 });
const Ids = Type.Array(IdSchema, { minItems: 1, maxItems: MAX_PAGE_SIZE });
const IdRows = Type.Array(Type.Object({ id: IdSchema }), { minItems: 1, maxItems: MAX_PAGE_SIZE });
const Param = Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()]));
const WaveOrderBody = Type.Object({ whId: WhId, waveId: WaveId, userName: UserName });

/** The success code of the outCode calls (spec 001 §9). */
export const OUT_SUCCESS = 'SUCCESS';

export interface OutResult {
  outCode: string;
  outMsg: string;
}

/** The answer of an outCode call: one row, SUCCESS or the refusal's code, with its message. */
export const OutAnswer = envelope(list(closed({ outCode: string, outMsg: string })));

/** A wave detail line: what the wave plans of an order line, in the item's base unit. */
const WaveDetailLine = closed({
  id: integer,
  waveDetailId: integer,
  whId: string,
  orderNumber: string,
  lineNumber: integer,
  itemNumber: string,
  lotNumber: text,
  storedAttributeId: nullableInteger,
  plannedQty: amount,
});

/** A profile's parameters (`profileParameters`): value, label and required flag of each of the ten. */
const PARAMETER_FIELDS: Record<string, JsonSchema> = Object.fromEntries(
  Array.from({ length: 10 }, (_, i) => [
    [`parameter${i + 1}`, text],
    [`parameterLabel${i + 1}`, text],
    [`parameterRequired${i + 1}`, oneOf(['Y', 'N'])],
  ]).flat(),
);
const ProfileParameters = closed({
  id: integer,
  whId: string,
  clientCode: text,
  profileName: string,
  profileDescrip: string,
  functionName: string,
  ...PARAMETER_FIELDS,
});
const Profile = closed({
  id: integer,
  profileName: string,
  profileDescrip: string,
  functionName: string,
  clientCode: text,
});

/** Runs an outCode call: SUCCESS with the message of what was done, or the refusal's code and message. */
async function outcome(request: FastifyRequest, doneKey: string, action: () => Promise<WaveOutcome>) {
  const lang = request.lang ?? 'zh_cn';
  try {
    const done = await action();
    return ok<OutResult[]>([
      { outCode: OUT_SUCCESS, outMsg: translate(lang, doneKey, { count: done.count, waveId: done.waveId }) },
    ]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return ok<OutResult[]>([{ outCode: error.code, outMsg: translate(lang, `error.${error.code}`, error.params) }]);
  }
}

export function registerWaveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const view = permission('tWaveMaster', 'view');
  const add = permission('tWaveMaster', 'add');
  const edit = permission('tWaveMaster', 'edit');
  const remove = permission('tWaveMaster', 'delete');

  app.post(
    '/tWaveMaster/holdWave',
    {
      schema: {
        body: Type.Object({ whId: WhId, waveIds: Type.Array(WaveId, { minItems: 1, maxItems: 50 }) }),
        response: { 200: countAnswer },
      },
      config: { permission: edit },
    },
    async (request) => {
      const body = request.body as { whId: string; waveIds: string[] };
      return ok(await holdWaves(ctx.db, request.user!, body.whId, body.waveIds));
    },
  );

  app.post(
    '/tAfoWaveDetail/removeOrder',
    {
      schema: { body: Type.Object({ whId: WhId, waveId: WaveId, ids: Ids }), response: { 200: OutAnswer } },
      config: { permission: remove },
    },
    (request) => {
      const body = request.body as { whId: string; waveId: string; ids: number[] };
      return outcome(request, 'wave.outcome.removed', async () => ({
        count: await removeWaveDetails(ctx.db, request.user!, body.whId, body.waveId, body.ids),
        waveId: body.waveId,
      }));
    },
  );

  app.post(
    '/tAfoWaveDetailLine/findByWaveDetailId',
    {
      schema: { body: Type.Object({ id: IdSchema }), response: { 200: envelope(list(WaveDetailLine)) } },
      config: { permission: view },
    },
    async (request) => {
      const { id } = request.body as { id: number };
      const user = request.user!;
      const { rows } = await sql<Row>`
        select l.id, l.wave_detail_id, l.wh_id, l.order_number, l.line_number, l.item_number, l.lot_number,
          l.stored_attribute_id, trim_scale(l.planned_qty) as planned_qty
        from t_afo_wave_detail_line l join t_afo_wave_detail d on d.id = l.wave_detail_id
        where l.wave_detail_id = ${id} and ${grantScope(user, sql.ref('d.wh_id'), sql.ref('d.client_code'))}
        order by l.line_number`.execute(ctx.db);
      return ok(rows);
    },
  );

  // The spec's batchDelete of read-only lists: behind the delete permission, refused with the reason.
  for (const name of ['tAfoWaveDetailLine', 'tAfaViewWaveOrderLine']) {
    app.post(
      `/${name}/batchDelete`,
      { schema: { body: IdRows, response: { 200: nothingAnswer } }, config: { permission: remove } },
      async () => {
        throw new AppError('viewOnlyEntity', { entity: `entity.${name}.name`, reason: `viewOnly.${name}` });
      },
    );
  }

  app.post(
    '/tAfaProfile/getProfile',
    {
      schema: {
        body: Type.Object({ profileType: Type.String({ maxLength: 20 }), whId: WhId, clientCode: ClientCode }),
        response: { 200: envelope(list(Profile)) },
      },
      config: { permission: add },
    },
    async (request) => {
      const body = request.body as { profileType: string; whId: string; clientCode: string };
      return ok(await listProfiles(ctx.db, request.user!, body.whId, body.clientCode, body.profileType));
    },
  );

  app.post(
    '/tAfaProfile/getProfilePara',
    {
      schema: {
        body: Type.Object({ id: IdSchema }),
        response: { 200: envelope({ ...ProfileParameters, description: 'null when the profile is not usable' }) },
      },
      config: { permission: add },
    },
    async (request) => ok(await profileParameters(ctx.db, request.user!, (request.body as { id: number }).id)),
  );

  const parameters = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`parameter${i + 1}`, Param]));
  app.post(
    '/tAfaProfile/execWaveLoadProfile',
    {
      schema: {
        body: Type.Object({
          whId: WhId,
          waveId: WaveId,
          clientCode: ClientCode,
          profileId: IdSchema,
          userName: Type.Optional(UserName),
          loadId: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
          ...parameters,
        }),
        response: { 200: OutAnswer },
      },
      config: { permission: add },
    },
    (request) =>
      outcome(request, 'wave.outcome.loaded', () => execWaveLoadProfile(ctx.db, request.user!, request.body as WaveLoadForm)),
  );

  app.post(
    '/tAfaViewWaveOrder/handleSelect',
    { schema: { body: Ids, response: { 200: countAnswer } }, config: { permission: edit } },
    async (request) => ok(await markSelected(ctx.db, request.user!, request.body as number[], 'Y')),
  );
  app.post(
    '/tAfaViewWaveOrder/handleUnselect',
    { schema: { body: Ids, response: { 200: countAnswer } }, config: { permission: remove } },
    async (request) => ok(await markSelected(ctx.db, request.user!, request.body as number[], 'N')),
  );
  app.post(
    '/tAfaViewWaveOrder/addOrder',
    { schema: { body: WaveOrderBody, response: { 200: OutAnswer } }, config: { permission: add } },
    (request) =>
      outcome(request, 'wave.outcome.added', () => addSelectedOrders(ctx.db, request.user!, request.body as WaveOrderCall)),
  );
  app.post(
    '/tAfaViewWaveOrder/removeOrder',
    { schema: { body: WaveOrderBody, response: { 200: OutAnswer } }, config: { permission: remove } },
    (request) =>
      outcome(request, 'wave.outcome.removed', () => removeSelectedOrders(ctx.db, request.user!, request.body as WaveOrderCall)),
  );
}
