import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifySchema, LogController } from 'fastify';
import { PUBLIC } from '../shared/permissions';
import type { Config, TrustProxy } from './config';
import { registerCrudRoutes } from './crud/crud.routes';
import type { Db } from './db/connect';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { randomCaptchaCode } from './modules/auth/auth.service';
import { registerBackupRoutes } from './modules/backup/backup.routes';
import { registerCycleCountRoutes } from './modules/cyclecount/cyclecount.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerImportRoutes } from './modules/imports/imports.routes';
import { registerInspectionRoutes } from './modules/inbound/inspection.routes';
import { PO_BINDINGS } from './modules/inbound/po.bindings';
import { registerPoRoutes } from './modules/inbound/po.routes';
import { PUTAWAY_BINDINGS } from './modules/inbound/putaway.bindings';
import { registerPutawayRoutes } from './modules/inbound/putaway.routes';
import { RECEIPT_BINDINGS } from './modules/inbound/receipts.bindings';
import { registerReceivingRoutes } from './modules/inbound/receiving.routes';
import { registerIntegrationRoutes } from './modules/integration/integration.routes';
import { INVENTORY_BINDINGS } from './modules/inventory/inventory.bindings';
import { registerInventoryRoutes } from './modules/inventory/inventory.routes';
import { registerKioskRoutes } from './modules/kiosk/kiosk.routes';
import { registerLookupRoutes } from './modules/lookups/lookups.routes';
import { MASTERDATA_BINDINGS } from './modules/masterdata/masterdata.bindings';
import { registerMasterdataRoutes } from './modules/masterdata/masterdata.routes';
import { registerNoticeRoutes } from './modules/notice/notice.routes';
import { registerOutboundRoutes } from './modules/outbound/outbound.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerRfRoutes } from './modules/rf/rf.routes';
import { registerSerialRoutes } from './modules/serials/serials.routes';
import { registerShippingRoutes } from './modules/shipping/shipping.routes';
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { installAnswerRecorder } from './platform/answerRecorder';
import { installAudit } from './platform/audit';
import { compressBody, installCompression, pickEncoding, varyOnEncoding } from './platform/compress';
import type { AppContext } from './platform/context';
import { installErrorHandler, notFoundBody } from './platform/errorHandler';
import { type GuardedRoute, installGuard } from './platform/guard';
import { pickLanguage } from './platform/i18n';
import { installIdempotency } from './platform/idempotency';
import { installInputGuard } from './platform/input';
import { installMetrics } from './platform/metrics';
import { installRouteDescription, registerOpenApi } from './platform/openapi';
import { installOperations, type Operations, requestId } from './platform/operations';

export interface AppOptions {
  config: Config;
  db: Db;
  now?: () => Date;
  captchaCode?: () => string;
  logger?: boolean;
}

export interface WharfApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every API route with its permission (both prefixes), for the security route walk. */
  routes: GuardedRoute[];
  /** The request schemas of every route by `METHOD url`, from which the fuzz test builds plausible requests. */
  schemas: Map<string, Pick<FastifySchema, 'body' | 'querystring'>>;
  /** The probes' state: `drain()` at shutdown turns `/readyz` to 503 (platform/operations.ts). */
  operations: Operations;
}

/** Both base paths of the spec serve the same routes. */
export const API_PREFIXES = ['/api', '/wmsApi'] as const;

/**
 * No inline script or style from us; Shoelace sets style attributes, AG Grid injects its theme CSS. The report
 * server (WHARF_REPORT_URL) is the one other origin: the reporting frame posts a form to it inside a frame.
 */
export function contentSecurityPolicy(config: Pick<Config, 'reportUrl'>): string {
  const report = config.reportUrl ? ` ${new URL(config.reportUrl).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' data:",
    "worker-src 'self' blob:",
    // blob: documents our own scripts made (a generated PDF shown in the console's viewer dialog).
    `frame-src 'self' blob:${report}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${report}`,
  ].join('; ');
}

/**
 * Fastify's `trustProxy` for the configured proxies: their addresses (Fastify then answers the right-most address
 * not among them as `request.ip`), or a hop count as a function — the socket's peer is hop 0, the right-most
 * forwarded address hop 1 — because Fastify (5.12) takes a bare number as trusting no one at all.
 */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return [...trust.addresses];
}

/** A file name with esbuild's content hash (`main-4G3OQTVH.css`, build.mjs), or its precompressed copy: never changes. */
const HASHED_NAME = /-[A-Z0-9]{8}\.[a-z0-9]+(\.(br|gz))?$/;

/** A console script or stylesheet under its hashed name, without a query. */
const isHashedSubresource = (url: string): boolean =>
  url.startsWith('/assets/') && /\.(js|css)$/.test(url) && HASHED_NAME.test(url);

/** Builds the server: platform first (errors, input checks, guard, audit), then the modules, listed explicitly. */
export async function buildApp(options: AppOptions): Promise<WharfApp> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ? { level: config.logLevel } : false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Request ids and the one log line per answer: platform/operations.ts.
    requestIdHeader: false,
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }),
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allowUnionTypes: true } },
  });
  // Response schemas describe every answer (platform/openapi.ts, checked by the conformance run) but do not serialise
  // it: fast-json-stringify took 1.3–3× the time of JSON.stringify on a findPage of 1,000 item rows (32 nullable
  // fields; server README "The API description"), and would drop or coerce a value its schema does not foresee.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const ctx: AppContext = {
    config,
    db: options.db,
    now: options.now ?? (() => new Date()),
    captchaCode: options.captchaCode ?? randomCaptchaCode,
  };
  const routes: GuardedRoute[] = [];
  const schemas: WharfApp['schemas'] = new Map();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      schemas.set(`${method} ${route.url}`, { body: route.schema?.body, querystring: route.schema?.querystring });
  });
  const csp = contentSecurityPolicy(config);

  const securityHeaders = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
  };
  // The console's hashed scripts and stylesheets are read by the page that loads them, never shown as a document nor
  // run as a worker (pdf.js's worker is under /pdfjs/): a browser ignores a policy or frame option sent with them. They
  // keep the headers that act on a subresource; this saves ~0.4 KB on each of the ~80 files of a first visit.
  const assetHeaders = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' };
  // A callback hook: it runs on every answer and never waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(isHashedSubresource(request.url) ? assetHeaders : securityHeaders);
    done(null, payload);
  });
  installErrorHandler(app);
  const operations = installOperations(app, options.db);
  installMetrics(app, options.db, config.metricsToken);
  installInputGuard(app);
  // Before the API scopes: the description collects their routes as they are added.
  await registerOpenApi(app);
  // Tests only (tests/apiConformance.mjs): every answer checked against the description.
  const recordAnswers = process.env.WHARF_RECORD_ANSWERS;
  if (recordAnswers) installAnswerRecorder(app, recordAnswers);

  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        installGuard(api, ctx, routes);
        installAudit(api, ctx);
        installIdempotency(api, ctx);
        const tag = installRouteDescription(api);
        tag('auth', () => registerAuthRoutes(api, ctx));
        tag('system', () => registerSystemRoutes(api, ctx));
        tag('lookups', () => registerLookupRoutes(api, ctx));
        tag('masterdata', () => registerCrudRoutes(api, ctx, MASTERDATA_BINDINGS));
        tag('backup', () => registerBackupRoutes(api, ctx));
        tag('notice', () => registerNoticeRoutes(api, ctx));
        tag('reports', () => registerReportRoutes(api, ctx));
        tag('inventory', () => registerCrudRoutes(api, ctx, INVENTORY_BINDINGS));
        tag('inventory', () => registerInventoryRoutes(api, ctx));
        tag('inbound', () => registerCrudRoutes(api, ctx, PO_BINDINGS));
        tag('inbound', () => registerPoRoutes(api, ctx));
        // Inbound: receiving, receipts, reconciliation
        tag('inbound', () => registerCrudRoutes(api, ctx, RECEIPT_BINDINGS));
        tag('inbound', () => registerReceivingRoutes(api, ctx));
        tag('masterdata', () => registerMasterdataRoutes(api, ctx, MASTERDATA_BINDINGS));
        // Inbound: inspection and putaway.
        tag('inbound', () => registerCrudRoutes(api, ctx, PUTAWAY_BINDINGS));
        tag('inbound', () => registerInspectionRoutes(api, ctx));
        tag('inbound', () => registerPutawayRoutes(api, ctx));
        tag('outbound', () => registerOutboundRoutes(api, ctx));
        tag('shipping', () => registerShippingRoutes(api, ctx));
        tag('cyclecount', () => registerCycleCountRoutes(api, ctx));
        tag('rf', () => registerRfRoutes(api, ctx));
        tag('serials', () => registerSerialRoutes(api, ctx));
        tag('kiosk', () => registerKioskRoutes(api, ctx));
        tag('imports', () => registerImportRoutes(api, ctx));
        tag('webhooks', () => registerWebhookRoutes(api, ctx));
        tag('integration', () => registerIntegrationRoutes(api, ctx));
        tag('dashboard', () => registerDashboardRoutes(api, ctx));
        tag('api', () =>
          api.get(
            '/openapi.json',
            {
              schema: {
                description: 'This description (OpenAPI 3.1).',
                response: { 200: { type: 'object', additionalProperties: true } },
              },
              config: { permission: PUBLIC },
            },
            async () => app.swagger(),
          ),
        );
        // Last onSend hook of the scope: the operation log above reads the answer's text.
        installCompression(api);
      },
      { prefix },
    );
  }

  const publicDir = config.publicDir;
  const indexFile = publicDir ? path.join(publicDir, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  // index.html is served from memory for every client route; compressed once here, like the build does the assets.
  const indexEncoded = indexHtml
    ? { br: await compressBody(indexHtml, 'br'), gzip: await compressBody(indexHtml, 'gzip') }
    : { br: null, gzip: null };
  if (publicDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: publicDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // build.mjs writes `.br` and `.gz` beside each text asset; the one the browser accepts is sent as it is.
      preCompressed: true,
      cacheControl: false,
      // Hashed names (esbuild's `-XXXXXXXX.`) never change content: cached for a year. Anything else (favicon,
      // Shoelace icons, pdf.js data) is revalidated with its ETag.
      setHeaders: (res, file) => {
        const hashed = HASHED_NAME.test(path.basename(file));
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Client-side routes (/login, /Wms/TWhse …) all load the console; API and file misses stay JSON 404s.
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(`${p}/`) || request.url === p);
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (indexHtml && request.method === 'GET' && !isApi && !isFile) {
      varyOnEncoding(reply);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const encoded = encoding ? indexEncoded[encoding] : null;
      if (encoding && encoded) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(encoded ?? indexHtml);
    }
    return reply.status(404).send(notFoundBody(pickLanguage(request.headers.lang), request.url));
  });
  return { app, ctx, routes, schemas, operations };
}
