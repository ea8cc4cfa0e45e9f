import { sql } from 'kysely';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { AppError } from '../../platform/errors';

/** A node of an id/parentId tree with its children; `parentId` 0 (or a missing parent) makes a root. */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/** Builds the forest from flat rows, keeping the rows' order among siblings. */
export function buildForest<T extends { id: number; parentId: number }>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The department tree, siblings by order number (GET /dept/findTree). */
export async function deptTree(db: Db) {
  const rows = await db
    .selectFrom('sysDept')
    .select(['id', 'parentId', 'name', 'orderNum'])
    .orderBy('parentId')
    .orderBy('orderNum')
    .orderBy('id')
    .execute();
  return buildForest(rows);
}

/**
 * A node's parent must exist, and a node may not move under itself or one of its descendants.
 * Answers the parent row (null for a root) so callers can check more.
 */
export async function checkParent(trx: Trx, entity: EntityDef, table: string, row: Row, id: number | null): Promise<Row | null> {
  const parentId = Number(row.parentId);
  if (parentId === 0) return null;
  const { rows } = await sql<Row>`select * from ${sql.table(table)} where id = ${parentId} for update`.execute(trx);
  const parent = rows[0];
  if (!parent) throw new AppError('fieldInvalid', { field: `entity.${entity.name}.field.parentId` });
  if (id !== null) {
    // Walk up from the new parent; `union` (not `union all`) ends the walk even on a damaged tree.
    const { rows: loop } = await sql<{ id: number }>`
      with recursive up as (
        select id, parent_id from ${sql.table(table)} where id = ${parentId}
        union
        select t.id, t.parent_id from ${sql.table(table)} t join up on t.id = up.parent_id
      )
      select id from up where id = ${id}`.execute(trx);
    if (loop.length > 0) throw new AppError('treeCycle', { entity: `entity.${entity.name}.name` });
  }
  return parent;
}

/** Refuses to delete a node whose children are not deleted with it. */
export async function refuseOrphans(trx: Trx, entity: EntityDef, table: string, rows: readonly Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  const { rows: children } = await sql<{ parentId: number }>`
    select parent_id from ${sql.table(table)}
    where parent_id = any(${ids}::int[]) and not (id = any(${ids}::int[])) limit 1`.execute(trx);
  const child = children[0];
  if (!child) return;
  const parent = rows.find((r) => Number(r.id) === Number(child.parentId));
  throw new AppError('hasChildren', { entity: `entity.${entity.name}.name`, key: String(parent?.name ?? '') });
}
