import type { EntityDef } from './defineEntity';
import { tClient } from './tClient';
import { tWhse } from './tWhse';

/** Every generic entity, by wire name. */
export const ENTITIES: Record<string, EntityDef> = { tWhse, tClient };
