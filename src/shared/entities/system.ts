import type { EntityDef } from './defineEntity';
import { sysDept } from './sysDept';
import { sysDict } from './sysDict';
import { sysMenu } from './sysMenu';
import { sysRole } from './sysRole';
import { sysUser } from './sysUser';

/** System entities with a fixed business key: listed in ENTITIES, so the contract suite covers them. */
export const SYSTEM_ENTITIES: Record<string, EntityDef> = { user: sysUser, role: sysRole, dict: sysDict };

/**
 * Tree entities (departments, menus): served by the generic engine, edited on a tree. Their nodes have no
 * fixed key (a node may be renamed or moved), so the key-based contract suite does not apply; their own
 * tests cover them.
 */
export const TREE_ENTITIES: Record<string, EntityDef> = { dept: sysDept, menu: sysMenu };
