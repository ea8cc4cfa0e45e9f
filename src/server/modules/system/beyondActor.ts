import type { Trx } from '../../crud/crud.types';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { clientsIn } from '../../platform/grants';
import { type Access, loadAccessOf, permsNotHeld, permsOf } from '../../platform/session';

/**
 * Nothing beyond your own, for users and roles alike: an administrator who is not a super administrator may
 * change only what holds nothing they lack themselves — no super administrator, no permission they do not hold,
 * no warehouse or client outside their grants — or they could hand themselves more (by signing in as that user,
 * or by holding that role). One check, whatever the target is.
 */
function refuseAccessBeyond(actor: SessionUser, target: Access): void {
  if (target.superAdmin) throw new AppError('superAdminOnly');
  if (permsNotHeld(actor, [...target.permissions]).length > 0) throw new AppError('permissionNotHeld');
  const granted = actor.warehouses === 'all' ? null : actor.warehouses;
  if (granted === null || target.warehouses === 'all') return;
  for (const whId of target.warehouses) {
    if (!granted.includes(whId)) throw new AppError('warehouseNotGranted', { whId });
    // Within a warehouse, the actor's client list (if any) bounds the target's (none = every client).
    const mine = clientsIn(actor, whId);
    const theirs = clientsIn(target, whId);
    if (mine && (!theirs || theirs.some((c) => !mine.includes(c)))) throw new AppError('clientsNotGranted', { whId });
  }
}

/**
 * A user administrator creates, edits, disables, resets the password of, or deletes only users whose permissions,
 * warehouses and clients they all hold themselves. Checked on the users as they are before a change, and as a
 * save leaves them.
 */
export async function refuseBeyondActor(
  trx: Trx,
  actor: SessionUser,
  userIds: readonly number[],
  { apiKeyUsers = false } = {},
): Promise<void> {
  if (userIds.length === 0) return;
  // An API key's own account changes only through the key (apiKeys.service.ts): never a password, PIN, badge or role
  // given to it as to a person, which would let it sign in or act beyond what its key was created with.
  if (!apiKeyUsers && (await trx.selectFrom('sysApiKey').select('id').where('userId', 'in', userIds).executeTakeFirst()))
    throw new AppError('apiKeyAccount');
  if (actor.superAdmin) return;
  for (const target of (await loadAccessOf(trx, userIds)).values()) refuseAccessBeyond(actor, target);
}

/**
 * A role editor edits (any field, the name included), changes the menus of, or deletes only roles whose
 * permissions they all hold, never a super-administrator role. A role grants no warehouse, so only its
 * permissions count: menus without permissions (directories, screens) open nothing by themselves.
 */
export async function refuseRolesBeyondActor(trx: Trx, actor: SessionUser, roleIds: readonly number[]): Promise<void> {
  if (actor.superAdmin || roleIds.length === 0) return;
  const roles = await trx.selectFrom('sysRole').select(['id', 'superAdmin']).where('id', 'in', roleIds).execute();
  const perms = await trx
    .selectFrom('sysRoleMenu as rm')
    .innerJoin('sysMenu as m', 'm.id', 'rm.menuId')
    .select(['rm.roleId', 'm.perms'])
    .where('rm.roleId', 'in', roleIds)
    .where('m.perms', 'is not', null)
    .execute();
  for (const role of roles) {
    const permissions = new Set(perms.filter((p) => p.roleId === role.id).flatMap((p) => permsOf(p.perms)));
    refuseAccessBeyond(actor, { superAdmin: role.superAdmin, permissions, warehouses: [], clients: {} });
  }
}
