/** `/tblInvMovementDetail/*` and `/tblInvAdjustmentDetail/*`: the line calls of spec 000 §7. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { MAX_PAGE_SIZE } from '../../../shared/wire';
import { PageNumSchema } from '../../crud/crud.routes';
import type { Row } from '../../crud/crud.types';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { grantsWarehouse } from '../../platform/grants';
import { deleteLines, duplicateLine, findLinePage, LINE_ENTITY, nextLineNumber, saveLine } from './lines.service';
import type { TaskKind } from './tasks';

const FilterValue = Type.Union([Type.String({ maxLength: 30 }), Type.Number(), Type.Null()]);
const LinePage = Type.Object({
  pageNum: PageNumSchema,
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 8 }),
  columnFilters: Type.Object(
    {
      whId: Type.String({ minLength: 1, maxLength: 20 }),
      taskId: Type.String({ minLength: 1, maxLength: 30 }),
      localeId: Type.Optional(FilterValue),
    },
    { additionalProperties: true },
  ),
});
const DuplicateBody = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  taskId: Type.String({ minLength: 1, maxLength: 30 }),
  lineNumber: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,8}$' })]),
  id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
});
const TaskKeys = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  taskId: Type.String({ minLength: 1, maxLength: 30 }),
});
const IdList = Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }), { minItems: 1, maxItems: MAX_PAGE_SIZE });

export function registerLineRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of ['movement', 'adjustment'] as const satisfies readonly TaskKind[]) {
    const { name, resource } = LINE_ENTITY[kind];
    const view = permission(resource, 'view');
    // Save is insert or update: the route admits either permission, the service checks the one that applies.
    const save = `${permission(resource, 'add')},${permission(resource, 'edit')}`;
    app.post(`/${name}/findPage`, { schema: { body: LinePage }, config: { permission: view } }, async (request) => {
      const body = request.body as { pageNum: number; pageSize: number; columnFilters: { whId: string; taskId: string } };
      return ok(
        await findLinePage(ctx.db, request.user!, kind, {
          pageNum: body.pageNum,
          pageSize: body.pageSize,
          whId: body.columnFilters.whId,
          taskId: body.columnFilters.taskId,
        }),
      );
    });
    app.post(
      `/${name}/save`,
      { schema: { body: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown()) }, config: { permission: save } },
      async (request) => ok(await saveLine(ctx.db, request.user!, kind, request.body as Row)),
    );
    // batchDelete is the spec's call; delete is the generic one the list kit uses. Both remove lines of an open task,
    // and both need the delete permission (spec 000 §6: batch buttons use the delete permission).
    for (const call of ['batchDelete', 'delete']) {
      app.post(
        `/${name}/${call}`,
        { schema: { body: IdList }, config: { permission: permission(resource, 'delete') } },
        async (request) =>
          ok(
            await deleteLines(
              ctx.db,
              request.user!,
              kind,
              (request.body as { id: number }[]).map((r) => r.id),
            ),
          ),
      );
    }
    app.post(`/${name}/findDuplicateLine`, { schema: { body: DuplicateBody }, config: { permission: view } }, async (request) => {
      const body = request.body as { whId: string; taskId: string; lineNumber: number | string; id?: number | null };
      const user = request.user!;
      if (!grantsWarehouse(user, body.whId)) return ok(false);
      return ok(await duplicateLine(ctx.db, kind, body.whId, body.taskId, Number(body.lineNumber), body.id ?? null));
    });
    // The line dialog fills in the next line number (issue 10 item 11); a warehouse not granted answers 1.
    app.post(`/${name}/findNextLineNumber`, { schema: { body: TaskKeys }, config: { permission: view } }, async (request) => {
      const body = request.body as { whId: string; taskId: string };
      if (!grantsWarehouse(request.user!, body.whId)) return ok(1);
      return ok(await nextLineNumber(ctx.db, kind, body.whId, body.taskId));
    });
  }
}
