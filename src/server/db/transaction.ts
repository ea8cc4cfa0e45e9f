import type { Transaction } from 'kysely';
import { pgErrorCode } from '../platform/errors';
import type { Db } from './connect';
import type { Database } from './schema';

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
const MAX_ATTEMPTS = 6;

/** What runs once a transaction of `inTransaction` has committed, by transaction (an aborted try's list is dropped). */
const committed = new WeakMap<Transaction<Database>, (() => void)[]>();

/**
 * Runs `effect` after the transaction `trx` commits, never when it rolls back or is retried: counters of what was done
 * (the metrics' business counters) must not count work a rollback undid. Effects run in order and must not throw.
 * On a transaction `inTransaction` did not open (the first start's seed), nothing runs.
 */
export function onCommit(trx: Transaction<Database>, effect: () => void): void {
  const effects = committed.get(trx);
  if (effects) effects.push(effect);
  else committed.set(trx, [effect]);
}

/**
 * Runs one business action as one transaction, retried when PostgreSQL aborts it for a deadlock or a
 * serialization failure (the whole action reruns, so it must not have effects outside the database).
 * The user never sees these aborts; after the attempts run out the last error is thrown.
 */
export async function inTransaction<T>(db: Db, action: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  // Called within a transaction (the first start's seed builds demo documents through the services): the action
  // joins it, and that transaction's owner decides about retries.
  if (db.isTransaction) return action(db as Transaction<Database>);
  for (let attempt = 1; ; attempt++) {
    try {
      const opened: { trx?: Transaction<Database> } = {};
      const result = await db.transaction().execute((trx) => {
        opened.trx = trx;
        return action(trx);
      });
      if (opened.trx) for (const effect of committed.get(opened.trx) ?? []) effect();
      return result;
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= MAX_ATTEMPTS || (code !== SERIALIZATION_FAILURE && code !== DEADLOCK_DETECTED)) throw error;
      // Back off a little, with jitter, so the contenders do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20 * attempt));
    }
  }
}

/** One transaction without retries (the generic engine's saves): the caller's when it has one, else a new one. */
export function joinTransaction<T>(db: Db, action: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? action(db as Transaction<Database>) : db.transaction().execute(action);
}
