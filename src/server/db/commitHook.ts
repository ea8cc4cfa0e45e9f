/**
 * A statement a request's writes commit with (the idempotency claim's `committed` mark, platform/idempotency.ts).
 *
 * The hook sits in the driver, under Kysely, because that is the one place every write passes: the services open
 * their transactions through `inTransaction`, `joinTransaction` or `db.transaction()` directly, and a good many
 * change routes write with a single autocommit statement. While a hook is set for the async context of a request
 * (`withCommitHook`), the driver
 * - runs it on the transaction's own connection just before each outermost COMMIT (a savepoint is not a commit), so
 *   the mark and the change commit or roll back together; a hook that throws rolls the transaction back;
 * - wraps an autocommit write (insert, update, delete, merge — a statement that is its own transaction) as
 *   `begin; <hook>; <write>; commit`, for the same reason.
 * Reads outside a transaction pass untouched. Without a hook (housekeeping, the dispatcher, every request without an
 * Idempotency-Key) the driver does nothing more than Kysely's own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Runs one statement on the connection of the transaction being committed. */
export type RunOnConnection = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

export interface CommitHook {
  /** Whether the hook still applies (an idempotency claim stops applying once its answer is stored). */
  active(): boolean;
  /** Called before each commit of the context's writes, on their connection; throwing rolls them back. */
  beforeCommit(run: RunOnConnection): Promise<void>;
  /** Called once such a commit went through. */
  afterCommit(): void;
}

const current = new AsyncLocalStorage<CommitHook>();

/** Runs `action` with `hook` set for every write it makes (and whatever it starts). */
export function withCommitHook<T>(hook: CommitHook, action: () => T): T {
  return current.run(hook, action);
}

/**
 * Whether an autocommit statement writes. Deliberately broad (a word anywhere, as in a data-modifying CTE): a read
 * taken for a write only gets a transaction it did not need. `update_time` and the like are not the word.
 */
const WRITES = /\b(insert|update|delete|merge)\b/i;

/** The connection Kysely gets: the driver's own, with autocommit writes wrapped while a hook is set. */
function guard(inner: DatabaseConnection, inTransaction: WeakSet<DatabaseConnection>): DatabaseConnection {
  const run: RunOnConnection = (query) => inner.executeQuery(query);
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'executeQuery') {
        return async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          const hook = current.getStore();
          if (!hook?.active() || inTransaction.has(target) || !WRITES.test(query.sql)) return target.executeQuery<R>(query);
          await target.executeQuery(CompiledQuery.raw('begin'));
          try {
            await hook.beforeCommit(run);
            const result = await target.executeQuery<R>(query);
            await target.executeQuery(CompiledQuery.raw('commit'));
            hook.afterCommit();
            return result;
          } catch (error) {
            await target.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
            throw error;
          }
        };
      }
      // The driver's own members (private release and discard methods among them) on the real connection.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The driver's own connection class (not exported by Kysely). */
type PgConnection = Parameters<PostgresDriver['releaseConnection']>[0];

/** PostgreSQL's driver (and PGlite's, through node-postgres) with the commit hook. */
class HookedDriver extends PostgresDriver {
  readonly #inTransaction = new WeakSet<DatabaseConnection>();
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  #unwrap(connection: DatabaseConnection): PgConnection {
    return (this.#inner.get(connection) ?? connection) as PgConnection;
  }

  override async acquireConnection(...args: Parameters<Driver['acquireConnection']>): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection(...args);
    const guarded = guard(inner, this.#inTransaction);
    this.#inner.set(guarded, inner);
    return guarded;
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const inner = this.#unwrap(connection);
    await super.beginTransaction(inner, settings);
    this.#inTransaction.add(inner);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const inner = this.#unwrap(connection);
    const hook = current.getStore();
    const hooked = hook?.active() === true;
    // Thrown, Kysely rolls the transaction back (and the connection leaves the set there).
    if (hooked) await hook.beforeCommit((query) => inner.executeQuery(query));
    try {
      await super.commitTransaction(inner);
    } finally {
      this.#inTransaction.delete(inner);
    }
    if (hooked) hook.afterCommit();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const inner = this.#unwrap(connection);
    this.#inTransaction.delete(inner);
    await super.rollbackTransaction(inner);
  }

  override async savepoint(...[connection, ...rest]: Parameters<PostgresDriver['savepoint']>): Promise<void> {
    await super.savepoint(this.#unwrap(connection), ...rest);
  }

  override async rollbackToSavepoint(...[connection, ...rest]: Parameters<PostgresDriver['rollbackToSavepoint']>) {
    await super.rollbackToSavepoint(this.#unwrap(connection), ...rest);
  }

  override async releaseSavepoint(...[connection, ...rest]: Parameters<PostgresDriver['releaseSavepoint']>) {
    await super.releaseSavepoint(this.#unwrap(connection), ...rest);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const inner = this.#unwrap(connection);
    this.#inTransaction.delete(inner);
    await super.releaseConnection(inner);
  }
}

/** `PostgresDialect` whose driver runs the commit hook. */
export class HookedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new HookedDriver(this.#config);
  }
}
