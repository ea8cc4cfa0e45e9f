/**
 * Movement task types that other modules add to the plain MOVE (today inbound's PUTAWAY). A module above inventory
 * registers its type when the app is built (`registerMovementTaskType`, from its route registration), and
 * `approveMovement` looks the type up: inventory so never imports the modules built on it (src/server/README.md
 * "Layers"; docs/decisions.md "D9"). A task of a type no module registered is refused
 * rather than approved as a plain move, so a missing registration can never skip the module's completion step.
 */
import type { Trx } from '../../crud/crud.types';
import type { TranContext } from './ledger.service';
import type { TaskLine } from './tasks';

/** A line of a movement task as `approveMovement` reads it. */
export interface MovementLine extends TaskLine {
  sourceLocationId: string;
  destLocationId: string;
  /** A serial-controlled item: the serials that move, one a line (needed unless the line empties its source row). */
  serialNumbers: string | null;
  /** A putaway line: the receipt row whose units it puts away. */
  receiptRowId?: number | string | null;
}

/** What a registered task type changes in the approval of one of its tasks. */
export interface MovementTaskType {
  /** The transaction-log category and type of each line's row (a plain move: INVENTORY, MOVE). */
  category: TranContext['category'];
  tranType: string;
  /** The serial history event of the units that move. */
  serialEvent: 'PUTAWAY' | 'MOVE';
  /** Runs in the approval's transaction once every line moved and the task is complete (its documents, its events). */
  complete(trx: Trx, task: { whId: string; taskId: string; lines: readonly MovementLine[] }): Promise<void>;
}

/** The plain movement task (type MOVE): nothing beyond the moves. */
const MOVE: MovementTaskType = { category: 'INVENTORY', tranType: 'MOVE', serialEvent: 'MOVE', complete: async () => {} };

const types = new Map<string, MovementTaskType>([['MOVE', MOVE]]);

/** Adds a movement task type; registering the same type again replaces it (every app built in one process does). */
export function registerMovementTaskType(taskType: string, definition: MovementTaskType): void {
  types.set(taskType, definition);
}

/** The definition of a task's type; a type without one is a server fault (its module's registration never ran). */
export function movementTaskType(taskType: string | undefined): MovementTaskType {
  const definition = types.get(taskType ?? 'MOVE');
  if (!definition) throw new Error(`Movement task type ${taskType} is not registered`);
  return definition;
}
