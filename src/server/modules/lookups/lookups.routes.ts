import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerItemLookups } from './lookups.item';
import { registerListLookups } from './lookups.lists';
import { registerStockLookups } from './lookups.stock';
import { registerUserLookups } from './lookups.user';

/** `/globalOptions/*` lookups (spec 000 §7, spec 001 §7), every answer limited to the caller's warehouse and client grants. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerUserLookups(app, ctx);
  registerListLookups(app, ctx);
  registerItemLookups(app, ctx);
  registerStockLookups(app, ctx);
}
