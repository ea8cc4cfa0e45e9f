import type { EntityDef } from './defineEntity';
import { tOrder } from './tOrder';
import { tOrderDetail } from './tOrderDetail';

/** Outbound orders: generic entities by wire name. */
export const ORDER_ENTITIES: Record<string, EntityDef> = { tOrder };

/** Outbound orders: document lines saved by their module's line service. */
export const ORDER_LINE_ENTITIES: Record<string, EntityDef> = { tOrderDetail };
