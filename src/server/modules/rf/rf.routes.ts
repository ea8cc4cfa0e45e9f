/**
 * RF (spec 001 §7 "RF"; README): the generic calls of the four configuration entities, the name lists of the
 * configuration screens, and the `/rfDialog/*` runtime.
 */
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../crud/crud.routes';
import type { AppContext } from '../../platform/context';
import { RF_BINDINGS } from './rf.bindings';
import { registerRfDialogRoutes } from './rf.dialog.routes';

export function registerRfRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, RF_BINDINGS);
  registerRfDialogRoutes(app, ctx);
}
