import type { EntityDef } from './defineEntity';
import { SYSTEM_ENTITIES } from './system';
import { tClient } from './tClient';
import { tWhse } from './tWhse';

/** Every generic entity, by wire name. */
export const ENTITIES: Record<string, EntityDef> = { tWhse, tClient, ...SYSTEM_ENTITIES };
