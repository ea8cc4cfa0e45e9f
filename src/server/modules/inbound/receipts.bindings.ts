import { tReceipt } from '../../../shared/entities/tReceipt';
import type { CrudBinding } from '../../crud/crud.types';

/** Receipts as a generic, view-only list (read through v_receipt, which adds `adjustable`). */
export const RECEIPT_BINDINGS: CrudBinding[] = [{ entity: tReceipt, table: 't_receipt', view: 'v_receipt' }];
