import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { permsNotHeld } from '../../platform/session';
import { refuseRolesBeyondActor } from './beyondActor';

/** A role as the role choosers list it. */
export interface RoleOption {
  id: number;
  name: string;
  remark: string | null;
  superAdmin: boolean;
}

/** Every role, by name (GET /role/findAll). */
export async function findAllRoles(db: Db): Promise<RoleOption[]> {
  return db.selectFrom('sysRole').select(['id', 'name', 'remark', 'superAdmin']).orderBy('name').execute();
}

/** The menu and button ids a role holds; a super-administrator role holds them all. */
export async function findRoleMenus(db: Db, roleId: number): Promise<number[]> {
  const role = await db.selectFrom('sysRole').select('superAdmin').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new AppError('notFound');
  const rows = role.superAdmin
    ? await db.selectFrom('sysMenu').select('id as menuId').orderBy('id').execute()
    : await db.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', roleId).orderBy('menuId').execute();
  return rows.map((r) => r.menuId);
}

/**
 * Replaces a role's menus and buttons in one transaction. The directories and menus above every chosen
 * entry come along (a button without its screen would be unreachable). A non-administrator changes only a role
 * holding nothing beyond their own, and gives it only permissions they hold (`refuseRolesBeyondActor`, then the
 * chosen menus' permissions). The change applies at each holder's next call (permissions are read per call).
 * Answers the role id (like every save: data 0 would mean "not allowed").
 */
export async function saveRoleMenus(db: Db, actor: SessionUser, roleId: number, menuIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const role = await trx
      .selectFrom('sysRole')
      .select(['id', 'superAdmin'])
      .where('id', '=', roleId)
      .forUpdate()
      .executeTakeFirst();
    if (!role) throw new AppError('notFound');
    if (role.superAdmin) throw new AppError('superAdminRole');
    await refuseRolesBeyondActor(trx, actor, [roleId]);
    const menus = await trx.selectFrom('sysMenu').select(['id', 'parentId', 'perms']).execute();
    const byId = new Map(menus.map((m) => [m.id, m]));
    const chosen = new Set<number>();
    for (const id of menuIds) {
      if (!byId.has(id)) throw new AppError('fieldInvalid', { field: 'entity.role.field.menus' });
      // Walk up to the root; the visited set also stops on a damaged (cyclic) tree.
      for (let node = byId.get(id); node && !chosen.has(node.id); node = byId.get(node.parentId)) chosen.add(node.id);
    }
    if (
      permsNotHeld(
        actor,
        [...chosen].map((id) => byId.get(id)?.perms ?? null),
      ).length > 0
    )
      throw new AppError('permissionNotHeld');
    await trx.deleteFrom('sysRoleMenu').where('roleId', '=', roleId).execute();
    if (chosen.size > 0) {
      await trx
        .insertInto('sysRoleMenu')
        .values([...chosen].map((menuId) => ({ roleId, menuId })))
        .execute();
    }
    await trx.updateTable('sysRole').set({ updateTime: new Date() }).where('id', '=', roleId).execute();
    return roleId;
  });
}
