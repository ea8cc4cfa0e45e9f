import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AUTHENTICATED, PUBLIC } from '../../shared/permissions';
import { TOKEN_HEADER } from '../../shared/wire';
import { bearerKey, resolveApiKey } from './apiKey';
import { isChange } from './audit';
import type { AppContext, SessionUser, StationScope } from './context';
import { HttpError } from './errors';
import { pickLanguage } from './i18n';
import { cachedSession, forgetSessions, resolveSession } from './session';

/** Every route registered under the guard, for the security route walk. */
export interface GuardedRoute {
  method: string;
  url: string;
  permission: string;
}

/** Resources whose changes alter a session's user, permissions or grants. */
const ACCESS_RESOURCES = new Set(['user', 'role', 'menu', 'tWhse', 'tKioskStation', 'apiKey']);

function changesAccess(permission: string | undefined): boolean {
  return (permission ?? '').split(',').some((p) => {
    const [, resource = '', action = ''] = p.split(':');
    return action !== 'view' && ACCESS_RESOURCES.has(resource);
  });
}

/** Whether a route's changes forget the cached sessions, by permission and audit flag; worked out once per route. */
const forgetting = new Map<string, boolean>();

function forgetsSessions({ permission, audit }: { permission?: string; audit?: boolean }): boolean {
  const key = `${permission ?? ''}|${audit ?? ''}`;
  let forget = forgetting.get(key);
  if (forget === undefined) {
    forget = permission === PUBLIC || (permission === AUTHENTICATED ? isChange(permission, audit) : changesAccess(permission));
    forgetting.set(key, forget);
  }
  return forget;
}

/**
 * Whether a station session may call a route (kiosk module README "Station sessions"): only routes that opt in with
 * `kiosk` — `'any'`, or flows of which the session holds one. Every other route (the whole console) is refused.
 */
function stationAdmits(station: StationScope, kiosk: FastifyContextConfig['kiosk']): boolean {
  if (kiosk === undefined) return false;
  if (kiosk === 'any') return true;
  return kiosk.some((flow) => station.flows.includes(flow));
}

/** Sets the request's user and language; the refusal (403) when the user holds none of the route's permissions. */
function admit(request: FastifyRequest, user: SessionUser, permission: string | undefined): HttpError | undefined {
  request.user = user;
  request.lang = pickLanguage(request.headers.lang, user.language);
  if (user.station && !stationAdmits(user.station, request.routeOptions.config.kiosk)) return new HttpError(403);
  // A route may admit any of several permissions, comma-separated (save = add or edit). A super administrator
  // holds every permission, also those no menu button carries (saving a log, which answers why it cannot be).
  if (permission !== AUTHENTICATED && !user.superAdmin && !(permission ?? '').split(',').some((p) => user.permissions.has(p)))
    return new HttpError(403);
  return undefined;
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
  // The hooks take a callback rather than returning a promise: they run on every call, mostly without waiting.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && forgetsSessions(request.routeOptions.config))
      forgetSessions(ctx.db);
    done(null, payload);
  });
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    request.lang = pickLanguage(request.headers.lang);
    const permission = request.routeOptions.config.permission;
    if (permission === PUBLIC) return done();
    const token = request.headers[TOKEN_HEADER];
    // Without a session token, an API key (`Authorization: Bearer wharf_…`, platform/apiKey.ts) acts as its own user.
    const key = typeof token === 'string' && token.length > 0 ? null : bearerKey(request.headers.authorization);
    if (key === null && (typeof token !== 'string' || token.length === 0)) return done(new HttpError(401));
    // A check made in the last seconds admits at once; otherwise the session (or key) is read (and cached).
    const cached = cachedSession(ctx.db, key ?? (token as string), ctx.now());
    if (cached) return done(admit(request, cached, permission));
    if (key !== null) {
      resolveApiKey(ctx.db, key, request.ip, ctx.now()).then(
        (user) => done(typeof user === 'number' ? new HttpError(user) : admit(request, user, permission)),
        (error: Error) => done(error),
      );
      return;
    }
    resolveSession(ctx.db, token as string, ctx.now(), ctx.config.sessionIdleMinutes).then(
      (user) => done(typeof user === 'number' ? new HttpError(user) : admit(request, user, permission)),
      (error: Error) => done(error),
    );
  });
}
