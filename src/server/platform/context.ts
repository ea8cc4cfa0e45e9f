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
  }
  interface FastifyRequest {
    user: SessionUser | null;
    lang: LanguageCode;
  }
}
