import type { RawBuilder, Transaction } from 'kysely';
import type { EntityDef } from '../../shared/entities/defineEntity';
import type { Database } from '../db/schema';
import type { SessionUser } from '../platform/context';
import type { Access } from '../platform/grants';

export type Row = Record<string, unknown>;
export type Operation = 'read' | 'insert' | 'update' | 'delete';
export type Trx = Transaction<Database>;

/**
 * The server side of a generic entity: its table, and at most three hooks.
 * The permission prefix is the definition's `resource`.
 */
export interface CrudBinding {
  entity: EntityDef;
  table: string;
  /** The relation rows are read from when it is not the table: a view adding computed fields (e.g. a location's stock). */
  view?: string;
  /** May the user touch a row of this warehouse for this operation? Default: a granted warehouse. */
  scope?: (user: SessionUser, whId: string, operation: Operation) => boolean;
  /**
   * For rows without a client of their own that hold other clients' rows (a delivery holds cartons of several): the SQL
   * condition under which the user may read or write a stored row, over the columns of `relation` (the view or table
   * the row is read from; qualify with it). Added to every list and to the row checks of updates and deletes.
   */
  clientScope?: (user: SessionUser, access: Access, relation: string) => RawBuilder<unknown>;
  /** Runs in the save transaction after validation; may refuse with an AppError or change related rows. */
  beforeSave?: (trx: Trx, row: Row, context: { user: SessionUser; existing: Row | null }) => Promise<void>;
  /** Runs in the delete transaction with the rows about to go. */
  beforeDelete?: (trx: Trx, rows: Row[], context: { user: SessionUser }) => Promise<void>;
}
