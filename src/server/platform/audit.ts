import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED, PUBLIC } from '../../shared/permissions';
import { isSecretField } from '../../shared/secrets';
import type { AppContext } from './context';
import { IDEMPOTENCY_REPLAYED_HEADER } from './idempotency';

const NOT_ALLOWED = JSON.stringify({ code: 200, msg: null, data: 0 });

/**
 * Copies request params for the log with every secret replaced, at any depth: the fields of SECRET_FIELDS and any
 * whose name looks secret (`isSecretField`: passwords, PINs, badges, keys, tokens, captchas, signatures …).
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretField(k) ? '******' : redact(v)]));
  }
  return value;
}

/** Whether a route changes something (what the operation log records). */
export function isChange(permission: string | undefined, audit: boolean | undefined): boolean {
  if (audit !== undefined) return audit;
  if (!permission || permission === PUBLIC || permission === AUTHENTICATED) return false;
  return !permission.endsWith(':view');
}

/**
 * The one operation-log hook: every change the server accepted (HTTP 200, code 200) is written. A callback hook, not
 * an async one: on the many calls that change nothing it passes the answer on without a promise.
 */
export function installAudit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { permission, audit } = request.routeOptions.config;
    if (!isChange(permission, audit) || reply.statusCode !== 200) return done(null, payload);
    // A replayed idempotent answer (platform/idempotency.ts) changed nothing: the first request was logged.
    if (reply.hasHeader(IDEMPOTENCY_REPLAYED_HEADER)) return done(null, payload);
    if (typeof payload !== 'string' || !payload.startsWith('{"code":200')) return done(null, payload);
    // data 0 is the spec's "not allowed": nothing changed, so nothing to log.
    if (payload === NOT_ALLOWED) return done(null, payload);
    const { auditBody } = request.routeOptions.config;
    const body = auditBody ? auditBody(request.body) : (request.body ?? null);
    const params = JSON.stringify(redact({ ...(request.query as object), body }));
    ctx.db
      .insertInto('sysLog')
      .values({
        userName: request.user?.name ?? (request.body as { account?: string } | undefined)?.account ?? null,
        operation: request.routeOptions.url ?? request.url,
        method: request.method,
        params: params.length > 4000 ? `${params.slice(0, 3997)}...` : params,
        time: ctx.now(),
        ip: request.ip,
      })
      .execute()
      .then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
  });
}
