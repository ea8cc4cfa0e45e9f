/**
 * RF (spec 001 §7 "RF"; README): the generic calls of the four configuration entities, the name lists of the
 * configuration screens, and the `/rfDialog/*` runtime.
 */
import type { FastifyInstance } from 'fastify';
import { rfSubProcessDetail, rfSubProcessOption } from '../../../shared/entities/rf';
import { registerCrudRoutes, registerDeleteCall } from '../../crud/crud.routes';
import type { AppContext } from '../../platform/context';
import { RF_BINDINGS } from './rf.bindings';
import { registerRfConfigRoutes } from './rf.config.routes';
import { registerRfDialogRoutes } from './rf.dialog.routes';

export function registerRfRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, RF_BINDINGS);
  // Spec 001 §7: the sub process and option screens delete through batchDelete — the same rows, rules and permission
  // as delete (a list of {id}, one transaction).
  for (const binding of RF_BINDINGS)
    if (binding.entity === rfSubProcessDetail || binding.entity === rfSubProcessOption)
      registerDeleteCall(app, ctx, binding, 'batchDelete');
  registerRfConfigRoutes(app, ctx);
  registerRfDialogRoutes(app, ctx);
}
