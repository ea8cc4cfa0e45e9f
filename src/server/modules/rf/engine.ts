/**
 * The RF runtime (README "Runtime"): the flow state of each user (rf_flow_state), the dialog built from the
 * configuration rows with its texts in the user's language, and the moves — Enter through the sub process's action,
 * a function key through its option. Configuration is data only: the actions are the registry's.
 *
 * A confirm runs its action (which opens its own transaction through the console's service), then writes the new
 * state in one statement guarded by the step it answered. Confirms of one user are queued in this process, so a
 * double scan is answered by the current dialog and never books twice.
 */
import { sql } from 'kysely';
import type { ErrorParams } from '../../../shared/errors';
import {
  RF_EXIT,
  RF_FUNCTION_KEYS,
  RF_LOCALE_OF,
  type RfAnswer,
  type RfDialog,
  type RfFunctionKey,
  type RfHome,
  type RfKey,
  type RfListRow,
  type RfMessage,
} from '../../../shared/rf';
import type { LanguageCode } from '../../../shared/wire';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { translate } from '../../platform/i18n';
import { permsNotHeld } from '../../platform/session';
import type { RfAction, RfContext, RfResult, RfValues } from './actions/types';
import { actionOf } from './registry';
import { fill, header } from './texts';

interface FlowState {
  whId: string | null;
  clientCode: string | null;
  mainProcessName: string | null;
  subProcessName: string | null;
  flowValues: RfValues;
  trail: string[];
  step: number;
}

interface SubProcess {
  subProcessName: string;
  dialogTitle: string;
  dialogHeader1: string | null;
  dialogHeader2: string | null;
  dialogHeader3: string | null;
  dialogHeader4: string | null;
  dialogHeader5: string | null;
  dialogPrompt: string;
  dialogInputDefault: string | null;
  dialogInputField: string | null;
  dialogListSourceExecSp: string | null;
  dialogExecSp: string | null;
}

interface SubOption {
  functionKey: RfFunctionKey;
  dialogOptionName: string;
  dialogOptionDescription: string;
  nextSubProcessName: string;
  execSpBeforeNext: string | null;
}

interface MainRow {
  id: number;
  subProcessName: string;
  successNextProcessName: string | null;
  failNextProcessName: string | null;
  dynamicProcessName1: string | null;
  dynamicProcessName2: string | null;
}

/** Who asks, in which language. */
export interface RfCaller {
  db: Db;
  user: SessionUser;
  lang: LanguageCode;
}

const EMPTY: FlowState = {
  whId: null,
  clientCode: null,
  mainProcessName: null,
  subProcessName: null,
  flowValues: {},
  trail: [],
  step: 0,
};

// ---- state -------------------------------------------------------------------------------------------------------

async function loadState(db: Db, userId: number): Promise<FlowState> {
  const { rows } = await sql<FlowState>`
    select wh_id, client_code, main_process_name, sub_process_name, flow_values, trail, step
    from rf_flow_state where user_id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) return { ...EMPTY };
  // The camel-case plugin renames the keys inside jsonb objects too; the values are written as an array of pairs.
  const values = row.flowValues as unknown;
  return {
    ...row,
    flowValues: Array.isArray(values) ? Object.fromEntries(values as [string, string][]) : {},
    trail: Array.isArray(row.trail) ? row.trail : [],
  };
}

/** Writes the state; with `expectStep` only when the stored step is still that one (false: someone moved first). */
async function saveState(db: Db, userId: number, state: FlowState, expectStep?: number): Promise<boolean> {
  const values = JSON.stringify(Object.entries(state.flowValues));
  const trail = JSON.stringify(state.trail);
  const { rows } = await sql<{ userId: number }>`
    insert into rf_flow_state (user_id, wh_id, client_code, main_process_name, sub_process_name, flow_values, trail, step, update_time)
    values (${userId}, ${state.whId}, ${state.clientCode}, ${state.mainProcessName}, ${state.subProcessName},
      ${values}::jsonb, ${trail}::jsonb, ${state.step}, now())
    on conflict (user_id) do update set wh_id = excluded.wh_id, client_code = excluded.client_code,
      main_process_name = excluded.main_process_name, sub_process_name = excluded.sub_process_name,
      flow_values = excluded.flow_values, trail = excluded.trail, step = excluded.step, update_time = now()
    where ${expectStep === undefined ? sql`true` : sql`rf_flow_state.step = ${expectStep}`}
    returning user_id`.execute(db);
  return rows.length > 0;
}

/** Confirms of one user run one after the other (a double scan waits, then finds the step moved on). */
const queues = new Map<number, Promise<unknown>>();
function queued<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const before = queues.get(userId) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(userId, tail);
  void tail.then(() => {
    if (queues.get(userId) === tail) queues.delete(userId);
  });
  return run;
}

// ---- configuration -----------------------------------------------------------------------------------------------

async function subProcess(db: Db, whId: string, clientCode: string, name: string): Promise<SubProcess | null> {
  const { rows } = await sql<SubProcess>`
    select sub_process_name, dialog_title, dialog_header1, dialog_header2, dialog_header3, dialog_header4, dialog_header5,
      dialog_prompt, dialog_input_default, dialog_input_field, dialog_list_source_exec_sp, dialog_exec_sp
    from rf_sub_process_detail where wh_id = ${whId} and client_code = ${clientCode} and sub_process_name = ${name}`.execute(db);
  return rows[0] ?? null;
}

async function optionsOf(db: Db, whId: string, clientCode: string, name: string): Promise<SubOption[]> {
  const { rows } = await sql<SubOption>`
    select function_key, dialog_option_name, dialog_option_description, next_sub_process_name, exec_sp_before_next
    from rf_sub_process_option where wh_id = ${whId} and client_code = ${clientCode} and sub_process_name = ${name}`.execute(db);
  return rows.sort((a, b) => RF_FUNCTION_KEYS.indexOf(a.functionKey) - RF_FUNCTION_KEYS.indexOf(b.functionKey));
}

async function mainRows(db: Db, mainProcessName: string): Promise<MainRow[]> {
  const { rows } = await sql<MainRow>`
    select id, sub_process_name, success_next_process_name, fail_next_process_name, dynamic_process_name1, dynamic_process_name2
    from rf_main_process_detail where main_process_name = ${mainProcessName} order by id`.execute(db);
  return rows;
}

/** Resource texts of these (type, name) pairs in the language, else the other locale, else the name itself. */
async function texts(
  db: Db,
  lang: LanguageCode,
  wanted: readonly [string, string][],
): Promise<(key: string, name: string) => string> {
  const names = [...new Set(wanted.map(([, name]) => name))];
  const found = new Map<string, string>();
  if (names.length > 0) {
    const { rows } = await sql<{ name: string; type: string; text: string; localeId: string }>`
      select name, type, text, locale_id from rf_process_resource where name = any(${names}::varchar[])`.execute(db);
    const mine = RF_LOCALE_OF[lang];
    for (const row of rows.sort((a, b) => Number(a.localeId === mine) - Number(b.localeId === mine))) {
      found.set(`${row.type}\u0000${row.name}`, row.text);
    }
  }
  return (type, name) => found.get(`${type}\u0000${name}`) ?? name;
}

function placeValues(state: FlowState): RfValues {
  return { ...state.flowValues, whId: state.whId ?? '', clientCode: state.clientCode ?? '' };
}

async function dialogOf(caller: RfCaller, state: FlowState): Promise<RfDialog | null> {
  if (!state.mainProcessName || !state.subProcessName || !state.whId || !state.clientCode) return null;
  const sub = await subProcess(caller.db, state.whId, state.clientCode, state.subProcessName);
  if (!sub)
    throw new AppError('rfSubProcessMissing', {
      subProcessName: state.subProcessName,
      whId: state.whId,
      clientCode: state.clientCode,
    });
  const options = await optionsOf(caller.db, state.whId, state.clientCode, sub.subProcessName);
  const headerNames = [sub.dialogHeader1, sub.dialogHeader2, sub.dialogHeader3, sub.dialogHeader4, sub.dialogHeader5].filter(
    (h): h is string => !!h,
  );
  const text = await texts(caller.db, caller.lang, [
    ['title', sub.dialogTitle],
    ['prompt', sub.dialogPrompt],
    ...headerNames.map((h): [string, string] => ['header', h]),
    ...options.map((o): [string, string] => ['option', o.dialogOptionName]),
  ]);
  const values = placeValues(state);
  return {
    mainProcessName: state.mainProcessName,
    subProcessName: sub.subProcessName,
    whId: state.whId,
    clientCode: state.clientCode,
    step: state.step,
    title: fill(text('title', sub.dialogTitle), values, caller.lang),
    headers: headerNames.map((h) => header(text('header', h), values, caller.lang)).filter((h) => h !== ''),
    prompt: fill(text('prompt', sub.dialogPrompt), values, caller.lang),
    inputField: sub.dialogInputField || null,
    inputDefault: sub.dialogInputDefault ? fill(sub.dialogInputDefault, values, caller.lang) : '',
    hasList: !!sub.dialogListSourceExecSp,
    options: options.map((o) => ({
      functionKey: o.functionKey,
      text: fill(text('option', o.dialogOptionName), values, caller.lang),
      description: o.dialogOptionDescription,
    })),
  };
}

// ---- messages and actions ----------------------------------------------------------------------------------------

const errorMessage = (lang: LanguageCode, key: string, params: ErrorParams = {}): RfMessage => ({
  kind: 'error',
  text: translate(lang, key, params),
});

/** A refusal as the dialog shows it: a business refusal's translated text; anything else is thrown on. */
function refusalOf(lang: LanguageCode, error: unknown): RfMessage {
  if (error instanceof AppError) return errorMessage(lang, `error.${error.code}`, error.params);
  throw error;
}

/** Refuses unless the user holds the action's permission and may write in the flow's warehouse and client. */
function requireAccess(user: SessionUser, action: RfAction, whId: string, clientCode: string): void {
  const missing = permsNotHeld(user, typeof action.permission === 'string' ? [action.permission] : action.permission);
  if (missing.length > 0) throw new AppError('rfPermissionMissing', { permission: missing.join(', ') });
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  if (!grantsClient(user, whId, clientCode, 'write')) throw new AppError('clientNotGranted', { clientCode });
}

/**
 * The clients a flow may serve (RfContext.clients): at a dock station every client of the warehouse the user is granted
 * (write), so a station receives any granted client's PO and looks up any granted client's stock; elsewhere (a
 * handheld, which chooses its client) only the flow's client. The flow's client comes first.
 */
async function servedClients(caller: RfCaller, whId: string, clientCode: string): Promise<string[]> {
  if (!caller.user.station) return [clientCode];
  const { rows } = await sql<{ clientCode: string }>`
    select client_code from t_client where wh_id = ${whId} order by client_code`.execute(caller.db);
  const others = rows.map((r) => r.clientCode).filter((c) => c !== clientCode && grantsClient(caller.user, whId, c, 'write'));
  return [clientCode, ...others];
}

async function contextOf(caller: RfCaller, state: FlowState, input: string): Promise<RfContext> {
  const whId = state.whId ?? '';
  const clientCode = state.clientCode ?? '';
  const clients = await servedClients(caller, whId, clientCode);
  return { ...caller, whId, clientCode, clients, values: placeValues(state), input };
}

async function runExec(
  caller: RfCaller,
  kind: 'exec' | 'beforeNext',
  name: string,
  state: FlowState,
  input: string,
): Promise<RfResult> {
  const action = actionOf(kind, name);
  if (!action) throw new AppError('rfActionUnknown', { name });
  requireAccess(caller.user, action, state.whId ?? '', state.clientCode ?? '');
  const ctx = await contextOf(caller, state, input);
  const result = await action.run(ctx);
  // An action names only a client it was offered (granted); anything else is a refusal, never a silent switch.
  if (result.clientCode !== undefined && !ctx.clients.includes(result.clientCode))
    throw new AppError('clientNotGranted', { clientCode: result.clientCode });
  return result;
}

function merged(values: RfValues, changes: RfResult['values'] = {}): RfValues {
  const next: RfValues = { ...values };
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'whId' || key === 'clientCode') continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

const answer = async (caller: RfCaller, state: FlowState, message: RfMessage | null): Promise<RfAnswer> => ({
  dialog: await dialogOf(caller, state),
  message,
});

// ---- where the worker works --------------------------------------------------------------------------------------

/** The first granted warehouse (and its first granted client) when none is chosen yet. */
async function defaultPlace(db: Db, user: SessionUser): Promise<{ whId: string; clientCode: string } | null> {
  const { rows } = await sql<{ whId: string; clientCode: string }>`
    select wh_id, client_code from t_client order by wh_id, client_code`.execute(db);
  const row = rows.find((r) => grantsClient(user, r.whId, r.clientCode, 'write'));
  return row ?? null;
}

/** Changes (or settles) where the worker works; refused unless granted. Another place ends the running flow. */
async function place(caller: RfCaller, state: FlowState, whId?: string, clientCode?: string): Promise<FlowState> {
  if (!whId && !clientCode) {
    if (state.whId && state.clientCode && grantsClient(caller.user, state.whId, state.clientCode, 'write')) return state;
    const first = await defaultPlace(caller.db, caller.user);
    if (!first) return { ...EMPTY, step: state.step };
    return { ...EMPTY, ...first, step: state.step + 1 };
  }
  const wh = whId ?? state.whId ?? '';
  if (!grantsWarehouse(caller.user, wh)) throw new AppError('warehouseNotGranted', { whId: wh });
  let client = clientCode;
  // The warehouse asked again without a client (a station starting its flow): the client the flow works for is kept.
  if (!client && wh === state.whId && state.clientCode && grantsClient(caller.user, wh, state.clientCode, 'write'))
    client = state.clientCode;
  if (!client) {
    const { rows } = await sql<{ clientCode: string }>`
      select client_code from t_client where wh_id = ${wh} order by client_code`.execute(caller.db);
    client = rows.find((r) => grantsClient(caller.user, wh, r.clientCode, 'write'))?.clientCode;
    if (!client) throw new AppError('clientNotGranted', { clientCode: '' });
  }
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from t_client where wh_id = ${wh} and client_code = ${client}`.execute(caller.db);
  if (!rows[0]?.n || !grantsClient(caller.user, wh, client, 'write'))
    throw new AppError('clientNotGranted', { clientCode: client });
  if (wh === state.whId && client === state.clientCode) return state;
  return { ...EMPTY, whId: wh, clientCode: client, step: state.step + 1 };
}

// ---- the calls ---------------------------------------------------------------------------------------------------

/** `getRfFunctionProcess`: where the worker works (changed when asked), the flows there, the flow to resume. */
export async function getRfFunctionProcess(caller: RfCaller, input: { whId?: string; clientCode?: string }): Promise<RfHome> {
  return queued(caller.user.id, async () => {
    const before = await loadState(caller.db, caller.user.id);
    const state = await place(caller, before, input.whId || undefined, input.clientCode || undefined);
    if (state !== before) await saveState(caller.db, caller.user.id, state);
    if (!state.whId || !state.clientCode) return { whId: null, clientCode: null, forkId: null, processes: [], active: null };
    const { rows } = await sql<{ mainProcessName: string; dialogTitle: string }>`
      select m.main_process_name, s.dialog_title
      from rf_main_process_detail m
      join rf_sub_process_detail s on s.wh_id = ${state.whId} and s.client_code = ${state.clientCode}
        and s.sub_process_name = m.sub_process_name
      where m.id = (select min(f.id) from rf_main_process_detail f where f.main_process_name = m.main_process_name)
      order by m.id`.execute(caller.db);
    const text = await texts(
      caller.db,
      caller.lang,
      rows.map((r): [string, string] => ['title', r.dialogTitle]),
    );
    const values = placeValues(state);
    const { rows: forks } = await sql<{ forkId: string }>`
      select fork_id from rf_fork where wh_id = ${state.whId} and user_name = ${caller.user.name}`.execute(caller.db);
    return {
      whId: state.whId,
      clientCode: state.clientCode,
      forkId: forks[0]?.forkId ?? null,
      processes: rows.map((r) => ({
        mainProcessName: r.mainProcessName,
        title: fill(text('title', r.dialogTitle), values, caller.lang),
      })),
      active: await dialogOf(caller, state).catch(() => null),
    };
  });
}

/** `getRfDialogForm`: starts a main process (or resumes the running one); without one, the running dialog or none. */
export async function getRfDialogForm(
  caller: RfCaller,
  input: { mainProcessName?: string; subProcessName?: string; whId?: string; clientCode?: string },
): Promise<RfAnswer> {
  return queued(caller.user.id, async () => {
    const before = await loadState(caller.db, caller.user.id);
    let state: FlowState;
    try {
      state = await place(caller, before, input.whId || undefined, input.clientCode || undefined);
    } catch (error) {
      return { dialog: null, message: refusalOf(caller.lang, error) };
    }
    const wanted = input.mainProcessName?.trim();
    if (wanted && wanted !== state.mainProcessName && state.whId && state.clientCode) {
      const rows = await mainRows(caller.db, wanted);
      if (rows.length === 0) {
        if (state !== before) await saveState(caller.db, caller.user.id, state);
        return answer(caller, state, errorMessage(caller.lang, 'error.rfMainProcessMissing', { mainProcessName: wanted }));
      }
      const start = rows.find((r) => r.subProcessName === input.subProcessName) ?? (rows[0] as MainRow);
      if (!(await subProcess(caller.db, state.whId, state.clientCode, start.subProcessName))) {
        if (state !== before) await saveState(caller.db, caller.user.id, state);
        const params = { subProcessName: start.subProcessName, whId: state.whId, clientCode: state.clientCode };
        return answer(caller, state, errorMessage(caller.lang, 'error.rfSubProcessMissing', params));
      }
      state = {
        ...state,
        mainProcessName: wanted,
        subProcessName: start.subProcessName,
        flowValues: {},
        trail: [],
        step: state.step + 1,
      };
    }
    if (state !== before) await saveState(caller.db, caller.user.id, state);
    try {
      return await answer(caller, state, null);
    } catch (error) {
      return { dialog: null, message: refusalOf(caller.lang, error) };
    }
  });
}

/** `confirmRfDialog`: Enter or a function key on the dialog of `step` (see the file comment). */
export async function confirmRfDialog(caller: RfCaller, input: { step: number; key: RfKey; input?: string }): Promise<RfAnswer> {
  return queued(caller.user.id, async () => {
    const state = await loadState(caller.db, caller.user.id);
    if (!state.mainProcessName || !state.subProcessName || !state.whId || !state.clientCode) {
      return { dialog: null, message: errorMessage(caller.lang, 'error.rfNoFlow') };
    }
    // A stale step (a double scan, another device moved on): nothing changes, the current dialog answers.
    if (input.step !== state.step) return answer(caller, state, null);
    const sub = await subProcess(caller.db, state.whId, state.clientCode, state.subProcessName);
    if (!sub) {
      const params = { subProcessName: state.subProcessName, whId: state.whId, clientCode: state.clientCode };
      return { dialog: null, message: errorMessage(caller.lang, 'error.rfSubProcessMissing', params) };
    }
    const rows = await mainRows(caller.db, state.mainProcessName);
    const row = rows.find((r) => r.subProcessName === sub.subProcessName);
    const move = async (
      next: string | null,
      values: RfValues,
      message: RfMessage | null,
      back = false,
      clientCode = state.clientCode,
    ): Promise<RfAnswer> => {
      const moved: FlowState = { ...state, clientCode, flowValues: values, step: state.step + 1 };
      if (next === RF_EXIT) Object.assign(moved, { mainProcessName: null, subProcessName: null, flowValues: {}, trail: [] });
      else if (next && next !== state.subProcessName) {
        moved.subProcessName = next;
        moved.trail =
          back && state.trail.at(-1) === next
            ? state.trail.slice(0, -1)
            : [...state.trail, state.subProcessName ?? ''].slice(-50);
      }
      // Written only when the step is still the one answered (another process may share the database).
      if (!(await saveState(caller.db, caller.user.id, moved, state.step)))
        return answer(caller, await loadState(caller.db, caller.user.id), null);
      return answer(caller, moved, message);
    };

    if (input.key === 'ENTER') {
      const typed = (input.input ?? '').trim();
      const value = typed || (sub.dialogInputDefault ? fill(sub.dialogInputDefault, placeValues(state), caller.lang).trim() : '');
      if (sub.dialogInputField && !value) {
        return answer(caller, state, errorMessage(caller.lang, 'error.rfInputRequired'));
      }
      let result: RfResult = {};
      try {
        if (sub.dialogExecSp) result = await runExec(caller, 'exec', sub.dialogExecSp, state, value);
      } catch (error) {
        const message = refusalOf(caller.lang, error);
        if (row?.failNextProcessName) return move(row.failNextProcessName, state.flowValues, message);
        return answer(caller, state, message);
      }
      const stored = sub.dialogInputField ? { ...state.flowValues, [sub.dialogInputField]: value } : state.flowValues;
      const values = merged(stored, result.values);
      const next =
        (result.branch === 1 ? row?.dynamicProcessName1 : result.branch === 2 ? row?.dynamicProcessName2 : null) ??
        row?.successNextProcessName ??
        null;
      const message = result.message
        ? { kind: 'success' as const, text: translate(caller.lang, result.message.key, result.message.params) }
        : null;
      return move(next, values, message, false, result.clientCode);
    }

    const options = await optionsOf(caller.db, state.whId, state.clientCode, sub.subProcessName);
    const option = options.find((o) => o.functionKey === input.key);
    if (!option) return answer(caller, state, errorMessage(caller.lang, 'error.rfKeyNotOffered', { key: input.key }));
    let result: RfResult = {};
    if (option.execSpBeforeNext) {
      try {
        result = await runExec(caller, 'beforeNext', option.execSpBeforeNext, state, (input.input ?? '').trim());
      } catch (error) {
        return answer(caller, state, refusalOf(caller.lang, error));
      }
    }
    const message = result.message
      ? { kind: 'success' as const, text: translate(caller.lang, result.message.key, result.message.params) }
      : null;
    return move(
      option.nextSubProcessName,
      merged(state.flowValues, result.values),
      message,
      input.key === 'BACK',
      result.clientCode,
    );
  });
}

/** `getRfDialogList`: the rows of the current dialog's list source (≤ 200); none for a stale step or no list. */
export async function getRfDialogList(caller: RfCaller, input: { step: number }): Promise<RfListRow[]> {
  const state = await loadState(caller.db, caller.user.id);
  if (input.step !== state.step || !state.whId || !state.clientCode || !state.subProcessName) return [];
  const sub = await subProcess(caller.db, state.whId, state.clientCode, state.subProcessName);
  if (!sub?.dialogListSourceExecSp) return [];
  const action = actionOf('list', sub.dialogListSourceExecSp);
  if (!action) throw new AppError('rfActionUnknown', { name: sub.dialogListSourceExecSp });
  requireAccess(caller.user, action, state.whId, state.clientCode);
  return (await action.list(await contextOf(caller, state, ''))).slice(0, 200);
}

/** `bindRfUserFork`: binds the user to a device of a granted warehouse, freeing the user's previous one. */
export async function bindRfUserFork(caller: RfCaller, input: { whId: string; forkId: string }): Promise<{ forkId: string }> {
  const { db, user } = caller;
  if (!grantsWarehouse(user, input.whId)) throw new AppError('warehouseNotGranted', { whId: input.whId });
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; userName: string | null }>`
      select id, user_name from rf_fork where wh_id = ${input.whId} and fork_id = ${input.forkId} for update`.execute(trx);
    const fork = rows[0];
    if (!fork) throw new AppError('rfForkNotFound', { forkId: input.forkId, whId: input.whId });
    if (fork.userName && fork.userName !== user.name)
      throw new AppError('rfForkTaken', { forkId: input.forkId, userName: fork.userName });
    await sql`update rf_fork set user_name = null, bind_time = null, update_time = now()
      where user_name = ${user.name} and id <> ${fork.id}`.execute(trx);
    await sql`update rf_fork set user_name = ${user.name}, bind_time = now(), update_time = now() where id = ${fork.id}`.execute(
      trx,
    );
    return { forkId: input.forkId };
  });
}
