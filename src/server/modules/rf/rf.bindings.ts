import { sql } from 'kysely';
import { rfMainProcessDetail, rfProcessResource, rfSubProcessDetail, rfSubProcessOption } from '../../../shared/entities/rf';
import { RF_EXIT } from '../../../shared/rf';
import type { RfResourceType } from '../../../shared/rfConfig';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { isRegisteredAction, type RfActionKind } from './registry';

/**
 * The four RF configuration entities in the generic engine, with the save and delete rules of README
 * "Configuration": names must point at something that exists (a resource of the right type, a sub process of the
 * same warehouse and client, a registered server action), and a sub process still in use is not deleted.
 */

/** The resource type each text field of a dialog names (spec 001 §2.2: title, headers, prompt, option name). */
const DETAIL_RESOURCES: Readonly<Record<string, RfResourceType>> = {
  dialogTitle: 'title',
  dialogHeader1: 'header',
  dialogHeader2: 'header',
  dialogHeader3: 'header',
  dialogHeader4: 'header',
  dialogHeader5: 'header',
  dialogPrompt: 'prompt',
  dialogOptionName: 'option',
};
const DETAIL_ACTIONS: Readonly<Record<string, RfActionKind>> = { dialogExecSp: 'exec', dialogListSourceExecSp: 'list' };
const OPTION_RESOURCES: Readonly<Record<string, RfResourceType>> = { dialogOptionName: 'option' };
const OPTION_ACTIONS: Readonly<Record<string, RfActionKind>> = { execSpBeforeNext: 'beforeNext' };

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Every named resource exists (in either locale) with the type its field needs; one query for the row. */
async function requireResources(
  trx: Trx,
  entity: string,
  row: Row,
  fields: Readonly<Record<string, RfResourceType>>,
): Promise<void> {
  const wanted = Object.entries(fields)
    .map(([field, type]) => ({ field, type, name: text(row[field]) }))
    .filter((w) => w.name !== '');
  if (wanted.length === 0) return;
  const { rows } = await sql<{ name: string; type: string }>`
    select distinct name, type from rf_process_resource
    where (name, type) in (${sql.join(wanted.map((w) => sql`(${w.name}, ${w.type})`))})`.execute(trx);
  const missing = wanted.find((w) => !rows.some((r) => r.name === w.name && r.type === w.type));
  if (missing)
    throw new AppError('rfResourceNotFound', {
      field: `entity.${entity}.field.${missing.field}`,
      value: missing.name,
      type: `code.rfResourceType.${missing.type}`,
    });
}

/** Every named server action is one of the registry's of its kind: nothing else ever runs (README "Registry"). */
function requireActions(entity: string, row: Row, fields: Readonly<Record<string, RfActionKind>>): void {
  for (const [field, kind] of Object.entries(fields)) {
    const name = text(row[field]);
    if (name !== '' && !isRegisteredAction(kind, name))
      throw new AppError('rfActionNotRegistered', { field: `entity.${entity}.field.${field}`, value: name });
  }
}

/** A function key leads to Exit or to a sub process of the same warehouse and client. */
async function requireNextSubProcess(trx: Trx, row: Row): Promise<void> {
  const next = text(row.nextSubProcessName);
  if (next === RF_EXIT) return;
  const { rows } = await sql`select 1 from rf_sub_process_detail
    where wh_id = ${text(row.whId)} and client_code = ${text(row.clientCode)} and sub_process_name = ${next}`.execute(trx);
  if (rows.length === 0)
    throw new AppError('rfSubProcessNotFound', {
      field: 'entity.rfSubProcessOption.field.nextSubProcessName',
      value: next,
      whId: text(row.whId),
      clientCode: text(row.clientCode),
    });
}

/**
 * A sub process goes with its own function keys (they are part of the dialog), but not while a main process runs
 * through it or another dialog's key leads to it: either would leave a flow pointing at nothing.
 */
async function beforeDeleteSubProcess(trx: Trx, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const name = text(row.subProcessName);
    const { rows: mains } = await sql<{ mainProcessName: string }>`
      select main_process_name from rf_main_process_detail
      where ${name} in (sub_process_name, success_next_process_name, fail_next_process_name,
                        dynamic_process_name1, dynamic_process_name2)
      order by main_process_name limit 1`.execute(trx);
    if (mains[0]) throw new AppError('rfSubProcessInMainProcess', { name, mainProcessName: mains[0].mainProcessName });
    const { rows: keys } = await sql<{ subProcessName: string; functionKey: string }>`
      select sub_process_name, function_key from rf_sub_process_option
      where wh_id = ${text(row.whId)} and client_code = ${text(row.clientCode)}
        and next_sub_process_name = ${name} and sub_process_name <> ${name}
      order by sub_process_name, function_key limit 1`.execute(trx);
    if (keys[0])
      throw new AppError('rfSubProcessInOption', {
        name,
        subProcessName: keys[0].subProcessName,
        functionKey: keys[0].functionKey,
      });
    await sql`delete from rf_sub_process_option
      where wh_id = ${text(row.whId)} and client_code = ${text(row.clientCode)} and sub_process_name = ${name}`.execute(trx);
  }
}

/** The last locale of a resource goes only when no dialog or function key names it any more. */
async function beforeDeleteResource(trx: Trx, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  for (const row of rows) {
    const name = text(row.name);
    const type = text(row.type) as RfResourceType;
    const { rows: others } = await sql`select 1 from rf_process_resource
      where name = ${name} and type = ${type} and id <> all(${ids}::bigint[]) limit 1`.execute(trx);
    if (others.length > 0) continue;
    const columns = Object.entries(DETAIL_RESOURCES)
      .filter(([, t]) => t === type)
      .map(([field]) => sql.ref(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));
    const { rows: dialogs } = await sql<{ whId: string; clientCode: string; subProcessName: string }>`
      select wh_id, client_code, sub_process_name from rf_sub_process_detail
      where ${name} in (${sql.join(columns)})
      union all
      select wh_id, client_code, sub_process_name from rf_sub_process_option
      where ${type} = 'option' and dialog_option_name = ${name}
      limit 1`.execute(trx);
    const user = dialogs[0];
    if (user)
      throw new AppError('rfResourceInUse', {
        name,
        type: `code.rfResourceType.${type}`,
        subProcessName: `${user.whId} / ${user.clientCode} / ${user.subProcessName}`,
      });
  }
}

/** The four RF configuration entities in the generic engine (README "Configuration"). */
export const RF_BINDINGS: readonly CrudBinding[] = [
  {
    entity: rfProcessResource,
    table: 'rf_process_resource',
    beforeDelete: beforeDeleteResource,
  },
  {
    entity: rfSubProcessDetail,
    table: 'rf_sub_process_detail',
    beforeSave: async (trx, row) => {
      requireActions(rfSubProcessDetail.name, row, DETAIL_ACTIONS);
      await requireResources(trx, rfSubProcessDetail.name, row, DETAIL_RESOURCES);
    },
    beforeDelete: beforeDeleteSubProcess,
  },
  {
    entity: rfSubProcessOption,
    table: 'rf_sub_process_option',
    beforeSave: async (trx, row) => {
      requireActions(rfSubProcessOption.name, row, OPTION_ACTIONS);
      await requireResources(trx, rfSubProcessOption.name, row, OPTION_RESOURCES);
      await requireNextSubProcess(trx, row);
    },
  },
  { entity: rfMainProcessDetail, table: 'rf_main_process_detail' },
];
