import type { KioskFlow } from '../../shared/kiosk';
import type { LanguageCode } from '../../shared/wire';
import type { Config } from '../config';
import type { Db } from '../db/connect';

/** The signed-in user of a request, loaded afresh on every call (permission changes apply at once). */
export interface SessionUser {
  id: number;
  name: string;
  sessionId: number;
  superAdmin: boolean;
  permissions: ReadonlySet<string>;
  /** Granted warehouse ids; `'all'` for a super administrator. */
  warehouses: readonly string[] | 'all';
  /** Warehouses where the user may see only some clients: whId → the client codes. Absent = every client. */
  clients: Readonly<Record<string, readonly string[]>>;
  language: string | null;
  /**
   * A session opened at a dock station: the station, its warehouse (the user's only warehouse in this session) and
   * the flows this user may use there. Null at a desk. The guard admits only routes that opt in (`kiosk`).
   */
  station: StationScope | null;
}

/** The station of a station session (kiosk module README). */
export interface StationScope {
  id: number;
  whId: string;
  flows: readonly KioskFlow[];
}

/** What the server's modules share: settings, the database, and a clock tests can move. */
export interface AppContext {
  config: Config;
  db: Db;
  now(): Date;
  /** Produces captcha codes; tests replace it to know the code. */
  captchaCode(): string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route requires: a `sys:…` string, AUTHENTICATED or PUBLIC. */
    permission?: string;
    /** Write an operation-log row when the change is accepted (default: for add/edit/delete permissions). */
    audit?: boolean;
    /**
     * Whether a dock-station session may call the route: `'any'` (its own session calls), or the kiosk flows it
     * serves (admitted when the session's flows include one). Absent: refused (403) to station sessions.
     */
    kiosk?: readonly KioskFlow[] | 'any';
    /**
     * What the operation log records of the request body instead of a copy of it (a route taking thousands of rows
     * logs a summary: the copy would be built whole, then cut to 4,000 characters).
     */
    auditBody?: (body: unknown) => unknown;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    lang: LanguageCode;
  }
}
