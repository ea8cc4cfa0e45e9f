/**
 * What operators and load balancers ask a process (issue 30; docs/deploy.md): `GET /healthz` (the process answers),
 * `GET /readyz` (it can serve: not shutting down, the database answers within 2 s and holds every migration this build
 * carries), a request id on every request and a one-line log of every answer. Both probes sit outside the API guard,
 * answer without a session and say nothing but their state.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { MIGRATION_NAMES } from '../db/migrate';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept when it is 1–128 visible ASCII characters (what proxies send: UUIDs, trace ids); anything
 * else — control characters, spaces, a megabyte — would reach the logs and the answer's header, so it is replaced.
 */
const SAFE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** A new id: 12 URL-safe characters, short enough for a user to read out from an error page. */
const newRequestId = (): string => randomBytes(9).toString('base64url');

/** Fastify's `genReqId`: the incoming `x-request-id` when it is safe, else a new one. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
}

/** How long `/readyz` waits for the database before it answers 503: a probe must answer within its own timeout. */
export const READY_TIMEOUT_MS = 2000;

export type NotReady = 'draining' | 'database' | 'migrations';

/** The shutdown's switch: from `drain()` on, `/readyz` answers 503 so a load balancer sends nothing new. */
export interface Operations {
  readonly draining: boolean;
  drain(): void;
}

/** Rejects after `ms` unless the promise settles first (the timer never outlives it). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why the database cannot serve this build, or null when it can: unreachable or slower than `READY_TIMEOUT_MS`
 * (`database`), or missing a migration this build carries (`migrations`). Migrations the build does not know are
 * fine: during a rolling upgrade the old release serves on the schema the new one migrated (docs/deploy.md).
 */
export async function databaseNotReady(db: Db, log?: FastifyRequest['log']): Promise<NotReady | null> {
  try {
    const { rows } = await within(sql<{ name: string }>`select name from kysely_migration`.execute(db), READY_TIMEOUT_MS);
    const applied = new Set(rows.map((r) => r.name));
    return MIGRATION_NAMES.every((name) => applied.has(name)) ? null : 'migrations';
  } catch (error) {
    log?.warn({ err: error }, 'readiness: the database did not answer');
    return 'database';
  }
}

function probe(reply: FastifyReply, notReady: NotReady | null) {
  // Never cached: a proxy answering a stale "ok" would hide a process that stopped serving.
  reply.header('cache-control', 'no-store');
  return notReady ? reply.status(503).send({ status: 'unavailable', reason: notReady }) : reply.send({ status: 'ok' });
}

/**
 * Echoes the request id, logs each answer in one structured line, and adds the probes. The log line names the route
 * pattern and the path without its query (queries may carry search text), the status, the time and the user.
 */
export function installOperations(app: FastifyInstance, db: Db): Operations {
  let draining = false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // While draining, each answer closes its connection: a keep-alive connection left open after the last request in
  // flight would hold the shutdown until the client dropped it (Node's agent: 5 s idle; a browser: longer).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '*';
    // The probes come every few seconds from each balancer: logged only at debug level.
    const level = route === '/healthz' || route === '/readyz' ? 'debug' : 'info';
    request.log[level](
      {
        method: request.method,
        route,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.user?.name,
      },
      'answered',
    );
    done();
  });
  app.get('/healthz', async (_request, reply) => probe(reply, null));
  app.get('/readyz', async (request, reply) => probe(reply, draining ? 'draining' : await databaseNotReady(db, request.log)));
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
