/**
 * The carton calls (contracts.md 1–4, README "Carton picking" and "Split carton"): getNextCarton, completeCartonPick,
 * exitCartonPick and splitCarton. Each route declares its permission (sys:tblShippingLabel:add|edit); the services
 * check warehouse and client grants. splitCarton answers `[{outCode, outMsg}]` like the wave-order calls: SUCCESS and
 * a message naming the new carton, or the refusal's code and message (language of `localId`) with nothing changed.
 */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { permission } from '../../../shared/permissions';
import type { LanguageCode } from '../../../shared/wire';
import { IdSchema } from '../../crud/crud.routes';
import { amount, closed, day, decimal, integer, list, nullableInteger, oneOf, string, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import { OUT_SUCCESS, OutAnswer, type OutResult } from '../outbound/waves.routes';
import { SerialNumbersSchema } from '../serials/serials.schema';
import { type CompleteInput, completeCartonPick, exitCartonPick, getNextCarton, type NextCartonInput } from './cartons.service';
import { type SplitInput, splitCarton } from './split.service';

const code = (max: number) => Type.String({ minLength: 1, maxLength: max });
/** A quantity as typed (3 decimals at most, checked by the service) or as a JSON number. */
const Quantity = Type.Union([Type.String({ maxLength: 24 }), Type.Number({ minimum: 0, maximum: 1e15 })]);

const NextBody = Type.Object({
  whId: code(20),
  waveId: code(30),
  orderNumber: code(30),
  cartonType: optionalText(20),
});

const CompleteBody = Type.Object({
  whId: code(20),
  cartonNumber: code(30),
  lines: Type.Array(
    Type.Object({
      pickDetailId: IdSchema,
      lotNumber: optionalText(50),
      storedAttributeId: Type.Optional(Type.Union([Type.Null(), IdSchema])),
      qty: Quantity,
      serialNumbers: SerialNumbersSchema,
    }),
    { minItems: 1, maxItems: 200 },
  ),
  actualWeight: Type.Optional(Type.Union([Type.Null(), Quantity])),
});

const ExitBody = Type.Object({ whId: code(20), cartonNumber: code(30) });

const SplitBody = Type.Object({
  id: IdSchema,
  qty: Type.Union([Type.String({ maxLength: 24 }), Type.Number({ minimum: 0, maximum: 1e15 })]),
  cartonType: code(20),
  userName: code(50),
  localId: Type.Union([Type.Literal(2052), Type.Literal(1033)]),
  serialNumbers: SerialNumbersSchema,
});

/** The language a split answers in: the session's locale id (2052 简体中文, 1033 English). */
const languageOf = (localId: number): LanguageCode => (localId === 1033 ? 'en_us' : 'zh_cn');

/** `NextCartonAnswer` (cartons.service.ts): the open carton and what is left to pack into it. */
const NextCartonSchema = closed({
  cartonNumber: string,
  cartonType: string,
  cartonSeq: integer,
  orderNumber: string,
  waveId: string,
  locationId: string,
  status: oneOf(['O']),
  lines: list(
    closed({
      pickDetailId: integer,
      lineNumber: integer,
      itemNumber: string,
      itemDescription: string,
      lotNumber: text,
      storedAttributeId: nullableInteger,
      expirationDate: day,
      uom: string,
      remainingQty: amount,
      serialControl: { type: 'boolean' },
      pallets: list(string),
    }),
  ),
});

/** `CompleteAnswer`: the closed carton, its weights and what the order still has to pack. */
const CompleteSchema = closed({
  cartonNumber: string,
  status: oneOf(['C']),
  logicalWeight: amount,
  actualWeight: decimal,
  weightStatus: oneOf(['N', 'W', 'O']),
  remainingQty: amount,
  orderStatus: oneOf(CODE_LISTS.orderStatus),
});

export function registerCartonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const add = permission('tblShippingLabel', 'add');
  const edit = permission('tblShippingLabel', 'edit');

  app.post(
    '/tblShippingLabelDetail/getNextCarton',
    { schema: { body: NextBody, response: { 200: envelope(NextCartonSchema) } }, config: { permission: add, audit: true } },
    async (request) => ok(await getNextCarton(db, request.body as NextCartonInput, request.user!)),
  );

  app.post(
    '/tblShippingLabelDetail/completeCartonPick',
    { schema: { body: CompleteBody, response: { 200: envelope(CompleteSchema) } }, config: { permission: edit, audit: true } },
    async (request) => ok(await completeCartonPick(db, request.body as CompleteInput, request.user!)),
  );

  app.post(
    '/tblShippingLabelDetail/exitCartonPick',
    {
      schema: {
        body: ExitBody,
        response: { 200: envelope(closed({ cartonNumber: string, deleted: { type: 'boolean', const: true } })) },
      },
      config: { permission: edit, audit: true },
    },
    async (request) => ok(await exitCartonPick(db, request.body as { whId: string; cartonNumber: string }, request.user!)),
  );

  app.post(
    '/tblShippingLabelDetail/splitCarton',
    {
      schema: {
        body: SplitBody,
        response: { 200: OutAnswer },
      },
      config: { permission: edit, audit: true },
    },
    async (request) => {
      const body = request.body as SplitInput;
      const lang = languageOf(body.localId);
      try {
        const done = await splitCarton(db, body, request.user!);
        return ok<OutResult[]>([{ outCode: OUT_SUCCESS, outMsg: translate(lang, 'split.outcome.done', { ...done }) }]);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return ok<OutResult[]>([{ outCode: error.code, outMsg: translate(lang, `error.${error.code}`, error.params) }]);
      }
    },
  );
}
