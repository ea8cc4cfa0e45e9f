/**
 * The RF runtime calls `/rfDialog/*` (spec 001 §7 "RF"; README "Runtime"). Every call needs a session only: each
 * action checks its own permission and the flow's warehouse and client grants, and a refusal is answered inside the
 * RfAnswer (the dialog keeps its place). Malformed bodies (bad key, input longer than 200) stay 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { KIOSK_RF_PROCESS, type KioskFlow } from '../../../shared/kiosk';
import { AUTHENTICATED } from '../../../shared/permissions';
import { RF_FUNCTION_KEYS, type RfKey } from '../../../shared/rf';
import type { LanguageCode } from '../../../shared/wire';
import { boolean, closed, integer, list, nullable, oneOf, string, text } from '../../platform/answerSchemas';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import { bindRfUserFork, confirmRfDialog, getRfDialogForm, getRfDialogList, getRfFunctionProcess, type RfCaller } from './engine';

const code = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Step = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

const HomeBody = Type.Object({ whId: code(20), clientCode: code(30) });
const FormBody = Type.Object({
  mainProcessName: code(60),
  subProcessName: code(60),
  whId: code(20),
  clientCode: code(30),
  localeId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
const ConfirmBody = Type.Object({
  step: Step,
  key: Type.Union(['ENTER', ...RF_FUNCTION_KEYS].map((k) => Type.Literal(k))),
  input: optionalText(200),
});
const ListBody = Type.Object({ step: Step });
/** The dialog the handheld shows (shared/rf.ts RfDialog), its texts in the user's language. */
const rfDialog = closed({
  mainProcessName: string,
  subProcessName: string,
  whId: string,
  clientCode: string,
  step: integer,
  title: string,
  headers: list(string),
  prompt: string,
  inputField: text,
  inputDefault: string,
  hasList: boolean,
  options: list(closed({ functionKey: oneOf(RF_FUNCTION_KEYS), text: string, description: string })),
});
/** RfAnswer: the dialog (null: no flow running) and the line under it. */
const RfAnswerSchema = envelope(
  closed({
    dialog: nullable(rfDialog),
    message: nullable(closed({ kind: oneOf(['error', 'success']), text: string })),
  }),
);
/** RfHome: where the worker works, the flows they may start, and the flow to resume. */
const RfHomeAnswer = envelope(
  closed({
    whId: text,
    clientCode: text,
    forkId: text,
    processes: list(closed({ mainProcessName: string, title: string })),
    active: nullable(rfDialog),
  }),
);
const RfListAnswer = envelope(list(closed({ value: string, label: string, detail: text })));
const ForkAnswer = envelope(closed({ forkId: string }));

/** The kiosk flows that run the RF runtime. */
const KIOSK_RF_FLOWS: KioskFlow[] = ['RECEIVE', 'LOOKUP'];
const ForkBody = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  forkId: Type.String({ minLength: 1, maxLength: 30 }),
});

/** The language of the dialog: the localeId asked (2052 Chinese, 1033 English), else the request's. */
function languageOf(request: FastifyRequest, localeId?: number | null): LanguageCode {
  if (localeId === 2052) return 'zh_cn';
  if (localeId === 1033) return 'en_us';
  return request.lang;
}

/**
 * At a dock station (a station session) the RF runtime runs only the main processes of the station's RF flows the
 * user may use (KIOSK_RF_PROCESS: RECEIVE, INQUIRY): starting another one, or going on with a flow of another main
 * process, is refused (403). Binding a fork is a handheld's business, never a station's.
 */
function stationProcesses(user: SessionUser): string[] | null {
  if (!user.station) return null;
  return user.station.flows.flatMap((f) => (KIOSK_RF_PROCESS[f] ? [KIOSK_RF_PROCESS[f]] : []));
}

async function runningProcess(ctx: AppContext, userId: number): Promise<string | null> {
  const { rows } = await sql<{ mainProcessName: string | null }>`
    select main_process_name from rf_flow_state where user_id = ${userId}`.execute(ctx.db);
  return rows[0]?.mainProcessName ?? null;
}

export function registerRfDialogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { permission: AUTHENTICATED, kiosk: KIOSK_RF_FLOWS };
  // A station session goes on only with a flow its station allows.
  const requireStationFlow = async (request: FastifyRequest, mainProcessName?: string) => {
    const allowed = stationProcesses(request.user!);
    if (!allowed) return;
    const name = mainProcessName?.trim() || (await runningProcess(ctx, request.user!.id));
    if (!name || !allowed.includes(name)) throw new HttpError(403);
  };
  const caller = (request: FastifyRequest, localeId?: number | null): RfCaller => ({
    db: ctx.db,
    user: request.user!,
    lang: languageOf(request, localeId),
  });

  app.post(
    '/rfDialog/getRfFunctionProcess',
    { schema: { body: HomeBody, response: { 200: RfHomeAnswer } }, config },
    async (request) => ok(await getRfFunctionProcess(caller(request), request.body as { whId?: string; clientCode?: string })),
  );
  app.post(
    '/rfDialog/getRfDialogForm',
    { schema: { body: FormBody, response: { 200: RfAnswerSchema } }, config },
    async (request) => {
      const body = request.body as {
        mainProcessName?: string;
        subProcessName?: string;
        whId?: string;
        clientCode?: string;
        localeId?: number | null;
      };
      await requireStationFlow(request, body.mainProcessName);
      return ok(await getRfDialogForm(caller(request, body.localeId), body));
    },
  );
  app.post(
    '/rfDialog/confirmRfDialog',
    { schema: { body: ConfirmBody, response: { 200: RfAnswerSchema } }, config },
    async (request) => {
      const body = request.body as { step: number; key: RfKey; input?: string | null };
      await requireStationFlow(request);
      return ok(await confirmRfDialog(caller(request), { step: body.step, key: body.key, input: body.input ?? '' }));
    },
  );
  app.post(
    '/rfDialog/getRfDialogList',
    { schema: { body: ListBody, response: { 200: RfListAnswer } }, config },
    async (request) => {
      await requireStationFlow(request);
      return ok(await getRfDialogList(caller(request), request.body as { step: number }));
    },
  );
  app.post(
    '/rfDialog/bindRfUserFork',
    { schema: { body: ForkBody, response: { 200: ForkAnswer } }, config: { permission: AUTHENTICATED, audit: true } },
    async (request) => ok(await bindRfUserFork(caller(request), request.body as { whId: string; forkId: string })),
  );
}
