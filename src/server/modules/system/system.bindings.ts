import { sql } from 'kysely';
import { sysDept } from '../../../shared/entities/sysDept';
import { sysDict } from '../../../shared/entities/sysDict';
import { sysMenu } from '../../../shared/entities/sysMenu';
import { sysRole } from '../../../shared/entities/sysRole';
import type { CrudBinding, Row } from '../../crud/crud.types';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { permsNotHeld, permsOf } from '../../platform/session';
import { refuseRolesBeyondActor } from './beyondActor';
import { checkParent, refuseOrphans } from './trees.service';

/** Which menu type may sit under which (0 directory, 1 menu, 2 button; `root` = top level). */
function parentAllowed(childType: string, parentType: string | 'root'): boolean {
  if (childType === '2') return parentType === '1';
  return parentType === 'root' || parentType === '0';
}

/** Refuses the first of the rows that is still in use (its id among `usedIds`). */
function refuseInUse(entity: string, rows: readonly Row[], usedIds: readonly number[]): void {
  const used = rows.find((r) => usedIds.includes(Number(r.id)));
  if (used) throw new AppError('inUse', { entity: `entity.${entity}.name`, key: String(used.name ?? '') });
}

/** A role editor saves or deletes only roles holding nothing beyond their own (a new role holds nothing yet). */
const role: CrudBinding = {
  entity: sysRole,
  table: 'sys_role',
  async beforeSave(trx, _row, { user, existing }) {
    if (existing) await refuseRolesBeyondActor(trx, user, [Number(existing.id)]);
  },
  async beforeDelete(trx, rows, { user }) {
    const ids = rows.map((r) => Number(r.id));
    await refuseRolesBeyondActor(trx, user, ids);
    const supers = await trx.selectFrom('sysRole').select('id').where('id', 'in', ids).where('superAdmin', '=', true).execute();
    if (supers.length > 0) throw new AppError('superAdminRole');
    const held = await trx.selectFrom('sysUserRole').select('roleId').distinct().where('roleId', 'in', ids).execute();
    refuseInUse(
      'role',
      rows,
      held.map((h) => h.roleId),
    );
  },
};

const dict: CrudBinding = { entity: sysDict, table: 'sys_dict' };

const dept: CrudBinding = {
  entity: sysDept,
  table: 'sys_dept',
  async beforeSave(trx, row, { existing }) {
    await checkParent(trx, sysDept, 'sys_dept', row, existing ? Number(existing.id) : null);
  },
  async beforeDelete(trx, rows) {
    await refuseOrphans(trx, sysDept, 'sys_dept', rows);
    const ids = rows.map((r) => Number(r.id));
    const members = await trx.selectFrom('sysUser').select('deptId').distinct().where('deptId', 'in', ids).execute();
    refuseInUse(
      'dept',
      rows,
      members.map((m) => Number(m.deptId)),
    );
  },
};

/**
 * The permissions a menu carries are what every role holding it may do, so they are a super administrator's
 * to change. Anyone else may give a new menu only permissions they hold themselves (no role holds it yet, and
 * handing it to a role checks the permissions again), and keeps an existing menu's permissions as they are.
 */
function refuseMenuPermsChange(user: SessionUser, row: Row, existing: Row | null): void {
  if (user.superAdmin) return;
  const perms = row.perms as string | null;
  if (!existing) {
    if (permsNotHeld(user, [perms]).length > 0) throw new AppError('permissionNotHeld');
    return;
  }
  const same = (a: unknown) =>
    permsOf(a as string | null)
      .sort()
      .join(',');
  if (same(perms) !== same(existing.perms)) throw new AppError('menuPermsSuperAdminOnly');
}

const menu: CrudBinding = {
  entity: sysMenu,
  table: 'sys_menu',
  async beforeSave(trx, row, { user, existing }) {
    const type = String(row.type);
    // A button carries permissions and opens nothing; a menu opens a screen; a directory only groups.
    if (type === '2' && !row.perms) throw new AppError('fieldRequired', { field: 'entity.menu.field.perms' });
    if (type === '1' && !row.url) throw new AppError('fieldRequired', { field: 'entity.menu.field.url' });
    if (type !== '1') row.url = null;
    if (type === '0') row.perms = null;
    refuseMenuPermsChange(user, row, existing);
    const id = existing ? Number(existing.id) : null;
    const parent = await checkParent(trx, sysMenu, 'sys_menu', row, id);
    const parentType = parent ? String(parent.type) : 'root';
    if (!parentAllowed(type, parentType)) {
      throw new AppError('menuParentType', { child: `code.menuType.${type}`, parent: `code.menuType.${parentType}` });
    }
    if (id !== null) {
      const { rows: children } = await sql<{ type: number }>`select distinct type from sys_menu where parent_id = ${id}`.execute(
        trx,
      );
      const bad = children.find((c) => !parentAllowed(String(c.type), type));
      if (bad) throw new AppError('menuParentType', { child: `code.menuType.${bad.type}`, parent: `code.menuType.${type}` });
    }
  },
  async beforeDelete(trx, rows, { user }) {
    // Deleting a menu takes its permissions from every role holding it (and from super administrators).
    if (!user.superAdmin && rows.some((r) => permsOf(r.perms as string | null).length > 0))
      throw new AppError('menuPermsSuperAdminOnly');
    await refuseOrphans(trx, sysMenu, 'sys_menu', rows);
  },
};

/** System entities whose save, delete and findPage are the engine's own. */
export const SYSTEM_BINDINGS: readonly CrudBinding[] = [role, dict, dept, menu];
