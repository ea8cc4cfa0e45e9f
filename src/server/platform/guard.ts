import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTHENTICATED, PUBLIC } from '../../shared/permissions';
import { TOKEN_HEADER } from '../../shared/wire';
import { isChange } from './audit';
import type { AppContext } from './context';
import { HttpError } from './errors';
import { pickLanguage } from './i18n';
import { forgetSessions, resolveSession } from './session';

/** Every route registered under the guard, for the security route walk. */
export interface GuardedRoute {
  method: string;
  url: string;
  permission: string;
}

/** Resources whose changes alter a session's user, permissions or grants. */
const ACCESS_RESOURCES = new Set(['user', 'role', 'menu', 'tWhse']);

function changesAccess(permission: string | undefined): boolean {
  return (permission ?? '').split(',').some((p) => {
    const [, resource = '', action = ''] = p.split(':');
    return action !== 'view' && ACCESS_RESOURCES.has(resource);
  });
}

/**
 * Installs the permission guard on an API scope: every route must declare its permission
 * (registration fails otherwise), and every request is checked before its handler runs.
 */
export function installGuard(app: FastifyInstance, ctx: AppContext, routes: GuardedRoute[]): void {
  app.decorateRequest('user', null);
  app.decorateRequest('lang', 'zh_cn');
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, permission });
    }
  });
  // A change that can alter who may do what forgets the cached sessions once it is done, before its answer leaves:
  // sign-in and sign-out (which end sessions), the user's own password and language, and users, roles, menus and
  // warehouses (a new warehouse is granted to its creator). Other changes leave the cache alone.
  app.addHook('onSend', async (request, _reply, payload) => {
    const { permission, audit } = request.routeOptions.config;
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    const forget =
      permission === PUBLIC || (permission === AUTHENTICATED ? isChange(permission, audit) : changesAccess(permission));
    if (forget) forgetSessions(ctx.db);
    return payload;
  });
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    request.lang = pickLanguage(request.headers.lang);
    const permission = request.routeOptions.config.permission;
    if (permission === PUBLIC) return;
    const token = request.headers[TOKEN_HEADER];
    if (typeof token !== 'string' || token.length === 0) throw new HttpError(401);
    const user = await resolveSession(ctx.db, token, ctx.now(), ctx.config.sessionIdleMinutes);
    if (typeof user === 'number') throw new HttpError(user);
    request.user = user;
    request.lang = pickLanguage(request.headers.lang, user.language);
    // A route may admit any of several permissions, comma-separated (save = add or edit). A super administrator
    // holds every permission, also those no menu button carries (saving a log, which answers why it cannot be).
    if (permission !== AUTHENTICATED && !user.superAdmin && !(permission ?? '').split(',').some((p) => user.permissions.has(p)))
      throw new HttpError(403);
  });
}
