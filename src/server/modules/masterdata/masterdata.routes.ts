import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { tItemUom } from '../../../shared/entities/tItemUom';
import { permission } from '../../../shared/permissions';
import { MAX_PAGE_SIZE, type PageResult } from '../../../shared/wire';
import { entityRowSchema, PageNumSchema } from '../../crud/crud.routes';
import { findPage } from '../../crud/crud.service';
import type { CrudBinding, Row } from '../../crud/crud.types';
import { page } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';

const ItemUomByParaBody = Type.Object({
  // Exact codes: `%` would act as a wildcard in the generic page, so it is refused here.
  whId: Type.String({ minLength: 1, maxLength: 20, pattern: '^[^%]+$' }),
  itemNumber: Type.String({ minLength: 1, maxLength: 50, pattern: '^[^%]+$' }),
  pageNum: PageNumSchema,
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 100 }),
});

/** Master-data calls beyond the generic three: `tItemUom/findPageByPara` (an item's units, base unit first). */
export function registerMasterdataRoutes(app: FastifyInstance, ctx: AppContext, bindings: readonly CrudBinding[]): void {
  const itemUom = bindings.find((b) => b.entity === tItemUom);
  if (!itemUom) throw new Error('tItemUom binding missing');
  app.post(
    '/tItemUom/findPageByPara',
    {
      schema: { body: ItemUomByParaBody, response: { 200: envelope(page(entityRowSchema(tItemUom))) } },
      config: { permission: permission(tItemUom.resource, 'view') },
    },
    async (request) => {
      const { whId, itemNumber, pageNum, pageSize } = request.body as {
        whId: string;
        itemNumber: string;
        pageNum: number;
        pageSize: number;
      };
      // The generic page keeps the warehouse grants and the order (base unit, factor 1, first).
      const found: PageResult<Row> = await findPage(ctx.db, itemUom, request.user!, {
        pageNum,
        pageSize,
        columnFilters: { whId, itemNumber: { value: itemNumber, exact: true } },
      });
      return ok(found);
    },
  );
}
