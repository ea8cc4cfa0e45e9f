/**
 * Prometheus metrics (issue 30; docs/deploy.md "Health, readiness and metrics"). One registry per process: the HTTP metrics, the pool's load,
 * Node's own (event-loop lag, memory, GC: prom-client's default metrics) and the business counters the services count
 * after their transaction commits (`db/transaction.onCommit`). `GET /metrics` exists only with `WHARF_METRICS_TOKEN`
 * and answers only `Authorization: Bearer <token>`: the metrics name routes and the site's activity.
 *
 * Labels stay bounded: a route is its pattern (`/api/po/findById/:id`), never the address asked for; a request that
 * matched no route (a console page served by the fallback, a miss) is `*`; business errors are the closed
 * `ErrorCode` list.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, poolLoad } from '../db/connect';
import { pickLanguage, translate } from './i18n';

const registry = new Registry();

const requests = new Counter({
  name: 'wharf_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

const duration = new Histogram({
  name: 'wharf_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const businessErrors = new Counter({
  name: 'wharf_business_errors_total',
  help: 'Business refusals (HTTP 200, code -10000), by error code',
  labelNames: ['code'] as const,
  registers: [registry],
});

/** Counters of work done, counted once its transaction has committed. */
export const business = {
  receiptsPosted: new Counter({
    name: 'wharf_receipts_posted_total',
    help: 'Receipts posted (one a received PO line quantity), committed',
    registers: [registry],
  }),
  linesAllocated: new Counter({
    name: 'wharf_lines_allocated_total',
    help: 'Order lines planned by wave releases, committed',
    registers: [registry],
  }),
  cartonsShipped: new Counter({
    name: 'wharf_cartons_shipped_total',
    help: 'Cartons shipped with their deliveries, committed',
    registers: [registry],
  }),
};

/** The databases whose pools the gauges read (one in a server; tests build several apps in a process). */
const tracked = new Set<Db>();

/** Sums one figure over the tracked pools, at scrape time. */
function poolGauge(name: string, help: string, figure: 'total' | 'inUse' | 'waiting'): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      let sum = 0;
      for (const db of tracked) sum += poolLoad(db)?.[figure] ?? 0;
      this.set(sum);
    },
  });
}
poolGauge('wharf_db_pool_connections', 'Database connections open (PGlite: its one connection)', 'total');
poolGauge('wharf_db_pool_in_use', 'Database connections running a query or transaction', 'inUse');
poolGauge('wharf_db_pool_waiting', 'Queries waiting for a database connection (PGlite: its queue)', 'waiting');

/** Counts a business refusal (the error handler's AppError branch). */
export function countBusinessError(code: string): void {
  businessErrors.inc({ code });
}

let defaultsCollected = false;

/** The metrics' text as Prometheus scrapes it. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Whether `Authorization` carries the token: compared in constant time (of the hashes: lengths may differ). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer ([\x21-\x7e]+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Counts every answer of the app by route and status, tracks the app's pool while it is open, and serves
 * `GET /metrics` behind the token. Without a token nothing is installed: no route, no hook.
 */
export function installMetrics(app: FastifyInstance, db: Db, token: string | null): void {
  if (!token) return;
  if (!defaultsCollected) {
    // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles: measured once per process.
    collectDefaultMetrics({ register: registry });
    defaultsCollected = true;
  }
  tracked.add(db);
  app.addHook('onClose', async () => {
    tracked.delete(db);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '*';
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 401, msg: translate(pickLanguage(request.headers.lang), 'http.401'), data: null });
    const { contentType, body } = await metricsText();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
