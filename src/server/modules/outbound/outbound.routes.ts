/** Outbound (spec 001 §2.5–§2.10, §7; README): orders, waves and picking, each with its bindings and calls. */
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../crud/crud.routes';
import type { AppContext } from '../../platform/context';
import { ORDER_BINDINGS } from './orders.bindings';
import { registerOrderRoutes } from './orders.routes';
import { PICK_BINDINGS } from './picking.bindings';
import { registerPickRoutes } from './picking.routes';
import { WAVE_BINDINGS } from './waves.bindings';
import { registerWaveRoutes } from './waves.routes';

export function registerOutboundRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, ORDER_BINDINGS);
  registerOrderRoutes(app, ctx);
  registerCrudRoutes(app, ctx, WAVE_BINDINGS);
  registerWaveRoutes(app, ctx);
  registerCrudRoutes(app, ctx, PICK_BINDINGS);
  registerPickRoutes(app, ctx);
}
