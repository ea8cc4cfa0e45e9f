/**
 * Who carries out a business action: a signed-in user, an API key's account or a server job. The service functions
 * below the routes take one (their name goes into the logs, their grants limit the rows, their permissions open the
 * few checks made inside an action, such as letting expired stock in).
 */
import type { Grantee } from './grants';

/** Who may do what a permission allows inside an action: the permission, or a super administrator. */
export interface PermissionHolder {
  superAdmin?: boolean;
  permissions?: ReadonlySet<string>;
}
export const holdsPermission = (actor: PermissionHolder, perm: string): boolean =>
  actor.superAdmin === true || actor.permissions?.has(perm) === true;

/**
 * Who runs a task: their name for the logs, their grants (every line's item must be of a granted client) and — a
 * signed-in user — their permissions (expired stock into an available location needs ACCEPT_EXPIRED).
 */
export type Actor = Grantee & { name: string } & PermissionHolder;

/** An actor holding every warehouse and client (server jobs, tests, benchmarks). */
export const everyGrant = (name: string): Actor => ({ name, warehouses: 'all', clients: {} });
