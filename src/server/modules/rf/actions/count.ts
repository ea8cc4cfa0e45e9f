/**
 * COUNT (README "Seeded flows"): a count task (its number, or a location with an open task) → location scan →
 * quantity counted → the generic `tblCycleCountTask/save` of the console (the engine's `saveRow` with the count
 * entry hook `enterCount`, permission tblCycleCountTask edit). The count is blind: the book quantity is not shown.
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import { findPage, saveRow } from '../../../crud/crud.service';
import { AppError } from '../../../platform/errors';
import { CYCLE_COUNT_BINDING } from '../../cyclecount/cyclecount.bindings';
import { requireCode, requireQty, sameCode } from './common';
import type { RfAction, RfContext } from './types';

const COUNT = permission('tblCycleCountTask', 'edit');
type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The open (N) task of the place a code names: its number, else the first at that location. */
async function openTask(ctx: RfContext, code: string): Promise<Row | null> {
  const { rows } = await sql<{ workQId: string }>`
    select t.work_q_id from tbl_cycle_count_task t
    left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
    where t.wh_id = ${ctx.whId} and t.status = 'N' and (i.client_code is null or i.client_code = ${ctx.clientCode})
      and (t.work_q_id = ${code} or t.location_id = ${code})
    order by (t.work_q_id = ${code}) desc, t.work_q_id limit 1`.execute(ctx.db);
  const workQId = rows[0]?.workQId;
  if (!workQId) return null;
  const page = await findPage(ctx.db, CYCLE_COUNT_BINDING, ctx.user, {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { whId: ctx.whId, workQId: { value: workQId, exact: true } },
  });
  return page.content[0] ?? null;
}

export const COUNT_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'count.task',
    permission: COUNT,
    doc: 'A count task number, or a location with an open task: the open (N) task of the warehouse whose item is the client’s (rfCountTaskNotFound); read through the count task page (tblCycleCountTask findPage).',
    async run(ctx) {
      const code = requireCode(ctx.input, 'rf.field.code', 60);
      const task = await openTask(ctx, code);
      if (!task) throw new AppError('rfCountTaskNotFound', { code });
      return {
        values: {
          countTaskId: String(task.id),
          workQId: String(task.workQId),
          locationId: String(task.locationId),
          itemNumber: text(task.itemNumber),
          lotNumber: text(task.lotNumber),
          huId: text(task.huId),
          countQty: null,
          scanLocation: null,
        },
      };
    },
  },
  {
    kind: 'list',
    name: 'count.tasks',
    permission: COUNT,
    doc: 'Open count tasks of the warehouse and client, by location.',
    async list(ctx) {
      const { rows } = await sql<{ workQId: string; locationId: string; itemNumber: string | null; huId: string | null }>`
        select t.work_q_id, t.location_id, t.item_number, t.hu_id from tbl_cycle_count_task t
        left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
        where t.wh_id = ${ctx.whId} and t.status = 'N' and (i.client_code is null or i.client_code = ${ctx.clientCode})
        order by t.location_id, t.work_q_id limit 200`.execute(ctx.db);
      // Two pallets of one item at one location are two tasks: the pallet tells them apart.
      return rows.map((r) => ({
        value: r.workQId,
        label: `${r.locationId} · ${r.workQId}`,
        detail: [r.itemNumber, r.huId].filter(Boolean).join(' · ') || null,
      }));
    },
  },
  {
    kind: 'exec',
    name: 'count.location',
    permission: COUNT,
    doc: 'The location scanned must be the task’s (rfWrongLocation).',
    async run(ctx) {
      if (!sameCode(ctx.input, ctx.values.locationId)) {
        throw new AppError('rfWrongLocation', { locationId: ctx.input, expected: ctx.values.locationId ?? '' });
      }
      return { values: { scanLocation: ctx.values.locationId ?? '' } };
    },
  },
  {
    kind: 'exec',
    name: 'count.enter',
    permission: COUNT,
    doc: 'The quantity counted (qtyNonNegative) → the count task’s generic save (saveRow + enterCount: status, lot, pallet, book quantity read now, COUNT log row).',
    async run(ctx) {
      const qty = requireQty(ctx.input, 'qtyNonNegative');
      const task = await openTask(ctx, ctx.values.workQId ?? '');
      if (!task || String(task.id) !== ctx.values.countTaskId) {
        throw new AppError('rfCountTaskNotFound', { code: ctx.values.workQId ?? '' });
      }
      await saveRow(ctx.db, CYCLE_COUNT_BINDING, ctx.user, { ...task, cycleCountQty: qty });
      return {
        values: {
          countTaskId: null,
          locationId: null,
          itemNumber: null,
          lotNumber: null,
          huId: null,
          scanLocation: null,
          countQty: null,
        },
        message: { key: 'rf.msg.counted', params: { workQId: ctx.values.workQId ?? '', qty } },
      };
    },
  },
];
