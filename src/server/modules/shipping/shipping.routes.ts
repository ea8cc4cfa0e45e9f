/** Shipping (spec 001 §2.11, §4, §7 "Cartons and labels"; README): cartons, labels, deliveries, shipping, documents. */
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../crud/crud.routes';
import type { AppContext } from '../../platform/context';
import { registerCartonRoutes } from './cartons.routes';
import { registerDocumentRoutes } from './documents.routes';
import { SHIPPING_BINDINGS } from './shipping.bindings';
import { registerShippingCallRoutes } from './shipping.calls.routes';

export function registerShippingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, SHIPPING_BINDINGS);
  registerCartonRoutes(app, ctx);
  registerShippingCallRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
}
