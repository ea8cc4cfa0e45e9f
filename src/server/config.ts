import path from 'node:path';

/** Server settings, read once from the environment (README lists them). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
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
}

function int(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(root, env.WHARF_DATA_DIR || './data'),
    adminPassword: env.WHARF_ADMIN_PASSWORD || null,
    captcha: (env.WHARF_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    demo: env.WHARF_DEMO !== '0',
    filingNumber: env.WHARF_FILING_NUMBER ?? '',
    sessionIdleMinutes: int(env.WHARF_SESSION_IDLE_MINUTES, 30),
    sessionMaxHours: int(env.WHARF_SESSION_MAX_HOURS, 12),
    publicDir: path.resolve(root, env.WHARF_PUBLIC_DIR || './dist/public'),
    logLevel: env.WHARF_LOG_LEVEL || 'info',
  };
}
