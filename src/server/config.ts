import { isIP } from 'node:net';
import path from 'node:path';
import { isStrongPassword, PASSWORD_MAX, PASSWORD_MIN } from '../shared/passwordRule';

/** Server settings, read once from the environment (README lists them). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
  /** Most PostgreSQL connections this process opens (`WHARF_DB_POOL_MAX`; docs/deploy.md "Connections"). */
  dbPoolMax: number;
  dataDir: string;
  /** Administrator password for the first start; generated and printed when absent. */
  adminPassword: string | null;
  captcha: boolean;
  demo: boolean;
  /** Shown in the login footer (ICP filing number in China). */
  filingNumber: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Directory holding the built console; null serves no console (API tests). */
  publicDir: string | null;
  logLevel: string;
  /** Scheduled backup interval in ms (`WHARF_BACKUP_INTERVAL`); null = no scheduled backups. */
  backupIntervalMs: number | null;
  /** How many scheduled backups are kept (`WHARF_BACKUP_KEEP`); manual ones are never pruned. */
  backupKeep: number;
  /** The housekeeping period in ms (`WHARF_HOUSEKEEPING_INTERVAL`, default 15 minutes; once across processes). */
  housekeepingIntervalMs: number;
  /** Address of the external report server the reporting frame posts to (`WHARF_REPORT_URL`); null = none. */
  reportUrl: string | null;
  /** Which proxies' `X-Forwarded-For` is believed (`WHARF_TRUST_PROXY`); false = none, the peer is the client. */
  trustProxy: TrustProxy;
  /** Bearer token that opens `GET /metrics` (`WHARF_METRICS_TOKEN`); null = no /metrics at all (docs/deploy.md). */
  metricsToken: string | null;
  /** How long a SIGTERM/SIGINT waits for requests in flight before closing anyway (`WHARF_SHUTDOWN_TIMEOUT`), in ms. */
  shutdownTimeoutMs: number;
  /**
   * How long an idempotency claim is held by its request (`WHARF_IDEMPOTENCY_LEASE`): after it, a repeat takes over a
   * claim that committed nothing. Longer than any request runs (a slower one is rolled back, never doubled).
   */
  idempotencyLeaseMs: number;
  /**
   * Whether webhooks may be posted to loopback, private and other internal addresses (`WHARF_WEBHOOK_PRIVATE`): off by
   * default, so that a subscription cannot reach the server's own network (SSRF; modules/webhooks README).
   */
  webhookPrivateReceivers: boolean;
  /** Tries before a webhook delivery is dead-lettered (`WHARF_WEBHOOK_MAX_ATTEMPTS`, default 8). */
  webhookMaxAttempts: number;
  /** Dead letters in a row after which a subscription pauses (`WHARF_WEBHOOK_PAUSE_AFTER`, default 5). */
  webhookPauseAfter: number;
}

/**
 * The reverse proxies whose `X-Forwarded-For` names the client: their addresses and networks (the client is the
 * right-most address not among them), or a number of hops (the client is that many addresses from the right, the
 * socket's peer being the first). Never "every sender": that would let anyone name their own address.
 */
export type TrustProxy = false | { hops: number } | { addresses: readonly string[] };

function int(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `24h`, `30m`, `7d`, `3600s` or a bare number of hours; `0`/`off` disables. Anything else stops the start. */
export function parseInterval(value: string, name = 'WHARF_BACKUP_INTERVAL'): number | null {
  const text = value.trim().toLowerCase();
  if (text === '0' || text === 'off' || text === 'no' || text === 'false') return null;
  // At least a minute: a shorter schedule would only ever be a typo (24 read as 24 ms).
  return duration(text, 60_000, `${name} "${value}" is not an interval such as 24h, 30m or off`);
}

/** A duration as `parseInterval` reads it (a bare number is hours), at least `minMs`; else the start stops with `message`. */
function duration(text: string, minMs: number, message: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(text.trim().toLowerCase());
  const ms = m?.[1] ? Number(m[1]) * UNIT_MS[(m[2] ?? 'h') as keyof typeof UNIT_MS] : Number.NaN;
  if (!Number.isFinite(ms) || ms < minMs) throw new Error(message);
  return ms;
}

/** `WHARF_IDEMPOTENCY_LEASE`: an interval of at least a minute (`2m`, `300s`); 2 minutes when unset. */
function leaseMs(value: string | undefined): number {
  if (!value) return 120_000;
  const ms = parseInterval(value, 'WHARF_IDEMPOTENCY_LEASE');
  if (ms === null) throw new Error(`WHARF_IDEMPOTENCY_LEASE "${value}" must be an interval such as 2m or 300s`);
  return ms;
}

/**
 * `WHARF_HOUSEKEEPING_INTERVAL`: `15m` (the default), `1h`, `30s` …, at least a second, never off (expired sessions,
 * captchas and throttle counts must go, expired stock be held). Short periods are for the multi-process test.
 */
export function parseHousekeepingInterval(value: string | undefined): number {
  if (!value) return 15 * 60_000;
  return duration(value, 1000, `WHARF_HOUSEKEEPING_INTERVAL "${value}" is not an interval such as 15m, 1h or 30s`);
}

/** The report server's address: an absolute http(s) URL, or null when unset. */
function reportUrl(value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`WHARF_REPORT_URL "${value}" is not an http(s) address`);
  return url.toString();
}

/** proxy-addr's named ranges (`loopback` 127.0.0.1/8 and ::1, `linklocal`, `uniquelocal`: private networks). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** A hop count above this is no real proxy chain; it would only believe addresses a client wrote itself. */
const MAX_PROXY_HOPS = 5;

/** An address, or a network in CIDR notation with a prefix that is not the whole address space (`/0`). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * `WHARF_TRUST_PROXY`: unset, `0` or `off` (no proxy: the connecting address is the client); a comma-separated list of
 * the proxies' addresses and CIDR networks (`127.0.0.1,10.0.0.0/8`); or a bare hop count 1–5 (the legacy `1`: one
 * proxy, the right-most forwarded address is the client — for a server only the proxy can reach). `true`, `all`, a
 * `/0` network and anything else stop the start: trusting every sender would let any client name its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'off' || text === 'no' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return { hops };
  } else {
    const addresses = text.split(',').map((entry) => entry.trim());
    if (addresses.every(isProxyAddress)) return { addresses };
  }
  throw new Error(
    `WHARF_TRUST_PROXY "${value}" is not the proxies' addresses or networks (such as 127.0.0.1,10.0.0.0/8) nor a hop count from 1 to ${MAX_PROXY_HOPS}; every sender is never trusted`,
  );
}

/** Shorter than this, a metrics token could be guessed; the start stops rather than expose the metrics. */
export const METRICS_TOKEN_MIN = 16;

/**
 * `WHARF_METRICS_TOKEN`: unset or empty (no `/metrics` route: off), or the bearer token a scraper sends — at least
 * 16 visible characters. The metrics name routes, counts and the pool's load: never public.
 */
export function metricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < METRICS_TOKEN_MIN || !/^[\x21-\x7e]+$/.test(value))
    throw new Error(`WHARF_METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} visible ASCII characters (no spaces)`);
  return value;
}

/** `WHARF_SHUTDOWN_TIMEOUT`: seconds (`10`, `30s`) a shutdown waits for requests in flight; 1 s to 10 minutes. */
export function parseShutdownTimeout(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return 10_000;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(text);
  const ms = m?.[1] ? Number(m[1]) * UNIT_MS[(m[2] ?? 's') as 'ms' | 's' | 'm'] : Number.NaN;
  if (!Number.isFinite(ms) || ms < 1000 || ms > 600_000)
    throw new Error(`WHARF_SHUTDOWN_TIMEOUT "${value}" is not a time from 1 s to 10 minutes such as 10 or 30s`);
  return ms;
}

/**
 * `WHARF_ADMIN_PASSWORD`: unset or empty (a password is generated), or a password that passes the rule every
 * account's password passes. Anything else stops the start: a weak administrator password is never installed.
 */
export function adminPassword(value: string | undefined): string | null {
  if (!value) return null;
  if (!isStrongPassword(value))
    throw new Error(
      `WHARF_ADMIN_PASSWORD does not pass the password rule: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with at least one letter and one digit, and no spaces at either end`,
    );
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    // At least 2: a start holds one connection for its lock while it migrates on another (db/open.ts).
    dbPoolMax: Math.max(2, int(env.WHARF_DB_POOL_MAX, 10)),
    dataDir: path.resolve(root, env.WHARF_DATA_DIR || './data'),
    adminPassword: adminPassword(env.WHARF_ADMIN_PASSWORD),
    captcha: (env.WHARF_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    demo: env.WHARF_DEMO !== '0',
    filingNumber: env.WHARF_FILING_NUMBER ?? '',
    sessionIdleMinutes: int(env.WHARF_SESSION_IDLE_MINUTES, 30),
    sessionMaxHours: int(env.WHARF_SESSION_MAX_HOURS, 12),
    publicDir: path.resolve(root, env.WHARF_PUBLIC_DIR || './dist/public'),
    logLevel: env.WHARF_LOG_LEVEL || 'info',
    // Daily by default for the embedded database (its files are the only copy); PostgreSQL has its own tooling.
    backupIntervalMs: parseInterval(env.WHARF_BACKUP_INTERVAL || (env.DATABASE_URL ? 'off' : '24h')),
    backupKeep: int(env.WHARF_BACKUP_KEEP, 7),
    housekeepingIntervalMs: parseHousekeepingInterval(env.WHARF_HOUSEKEEPING_INTERVAL),
    reportUrl: reportUrl(env.WHARF_REPORT_URL),
    trustProxy: parseTrustProxy(env.WHARF_TRUST_PROXY),
    metricsToken: metricsToken(env.WHARF_METRICS_TOKEN),
    shutdownTimeoutMs: parseShutdownTimeout(env.WHARF_SHUTDOWN_TIMEOUT),
    idempotencyLeaseMs: leaseMs(env.WHARF_IDEMPOTENCY_LEASE),
    webhookPrivateReceivers: ['1', 'on', 'yes', 'true'].includes((env.WHARF_WEBHOOK_PRIVATE ?? '').trim().toLowerCase()),
    webhookMaxAttempts: int(env.WHARF_WEBHOOK_MAX_ATTEMPTS, 8),
    webhookPauseAfter: int(env.WHARF_WEBHOOK_PAUSE_AFTER, 5),
  };
}
