/**
 * Cycle counts (spec 001 §2.13, §7; README): the generic `tblCycleCountTask/findPage|save|delete`, the three generate
 * calls, the adjustment from the counts and the recount. Each route declares its permission; the services check
 * warehouse and client grants. Required values are optional in the schemas so that the services answer them with
 * the spec's messages ("zone and sku required", percent, transaction type and dates) instead of a bare 400.
 */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { IdSchema, registerCrudRoutes } from '../../crud/crud.routes';
import { closed, countAnswer, integer, text as nullableText } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { optionalText, optionalTextOrNumber } from '../../platform/schemas';
import { CYCLE_COUNT_BINDINGS } from './cyclecount.bindings';
import {
  type AdjustmentInput,
  generateAdjustment,
  generateByLocItem,
  generateByPercent,
  generateByTranType,
  type LocItemInput,
  type PercentInput,
  type RecountInput,
  requestRecount,
  type TranTypeInput,
} from './generate.service';

const code = (max: number) => Type.String({ minLength: 1, maxLength: max });
const text = optionalText;

const LocItemBody = Type.Object({
  whId: code(20),
  zone: text(20),
  itemNumber: text(50),
  fromLocation: text(30),
  toLocation: text(30),
  lotNumber: text(50),
  huId: text(50),
});

const PercentBody = Type.Object({
  whId: code(20),
  zone: text(20),
  percent: optionalTextOrNumber(10),
});

const TranTypeBody = Type.Object({
  whId: code(20),
  tranType: text(20),
  startDate: text(10),
  endDate: text(10),
  zone: text(20),
});

const AdjustmentBody = Type.Object({
  whId: code(20),
  ids: Type.Optional(Type.Union([Type.Null(), Type.Array(IdSchema, { maxItems: 10000 })])),
});

const RecountBody = Type.Object({ whId: code(20), ids: Type.Array(IdSchema, { minItems: 1, maxItems: 500 }) });

/** `GenerateAnswer`: how many count tasks were made and the first and last work queue ids (null when none). */
const GenerateSchema = envelope(closed({ count: integer, firstWorkQId: nullableText, lastWorkQId: nullableText }));
/** `AdjustmentAnswer`: the adjustment task made from the counts (null when no count differs). */
const AdjustmentSchema = envelope(closed({ adjustmentTaskId: nullableText, lines: integer, tasks: integer }));

export function registerCycleCountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerCrudRoutes(app, ctx, CYCLE_COUNT_BINDINGS);
  const add = { permission: permission('tblCycleCountTask', 'add'), audit: true };
  const edit = { permission: permission('tblCycleCountTask', 'edit'), audit: true };

  app.post(
    '/tblCycleCountTask/generateCountTaskByLocItem',
    { schema: { body: LocItemBody, response: { 200: GenerateSchema } }, config: add },
    async (request) => ok(await generateByLocItem(db, request.body as LocItemInput, request.user!)),
  );
  app.post(
    '/tblCycleCountTask/generateCountTaskByPercent',
    { schema: { body: PercentBody, response: { 200: GenerateSchema } }, config: add },
    async (request) => ok(await generateByPercent(db, request.body as PercentInput, request.user!)),
  );
  app.post(
    '/tblCycleCountTask/generateCountTaskByTranType',
    { schema: { body: TranTypeBody, response: { 200: GenerateSchema } }, config: add },
    async (request) => ok(await generateByTranType(db, request.body as TranTypeInput, request.user!)),
  );
  app.post(
    '/tblCycleCountTask/generateAdjustmentTask',
    { schema: { body: AdjustmentBody, response: { 200: AdjustmentSchema } }, config: edit },
    async (request) => ok(await generateAdjustment(db, request.body as AdjustmentInput, request.user!)),
  );
  app.post(
    '/tblCycleCountTask/requestRecount',
    { schema: { body: RecountBody, response: { 200: countAnswer } }, config: edit },
    async (request) => ok(await requestRecount(db, request.body as RecountInput, request.user!)),
  );
}
