import { sql } from 'kysely';
import { tOrder } from '../../../shared/entities/tOrder';
import type { CrudBinding } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { checkMinShelfLife } from '../masterdata/controls';
import { nextOrderNumber, refuseUnlessNew, refuseUnlessNewOrOnly } from './orders.service';

const DEFAULT_PRIORITY = 50;

/**
 * The order header through the generic engine (README "Orders"): a new order takes the typed number or the next of the
 * warehouse's ORDER series, starts new (N) and records its creator; priority (1–99, default 50), lock flag (N) and
 * order date (today) default when left out. Only a new order is edited or deleted (its lines go with it): a confirmed
 * one is refused naming it and its status, a shipped one with the spec's shipped message.
 */
export const ORDER_BINDINGS: readonly CrudBinding[] = [
  {
    entity: tOrder,
    table: 't_order',
    async beforeSave(trx, row, { user, existing }) {
      if (existing) {
        // A confirmed order or one in a wave being built may still be locked or unlocked (README "Holds and locks").
        refuseUnlessNewOrOnly(existing, existing, row, ['lockFlag']);
        if (existing.status !== 'N') return;
      }
      row.priority ??= DEFAULT_PRIORITY;
      row.lockFlag ??= 'N';
      const priority = Number(row.priority);
      if (!Number.isInteger(priority) || priority < 1 || priority > 99) {
        throw new AppError('orderPriorityRange', { value: String(row.priority) });
      }
      checkMinShelfLife(row);
      const { earliestShipDate: earliest, latestShipDate: latest } = row;
      if (earliest && latest && String(latest) < String(earliest)) {
        throw new AppError('orderShipWindow', { earliest: String(earliest), latest: String(latest) });
      }
      // The carrier lookup offers active carriers: a newly named carrier must be one (an unknown one is the foreign key's).
      if (row.carrierId && row.carrierId !== existing?.carrierId) {
        const { rows } = await sql<{ status: string }>`
          select status from t_carrier where wh_id = ${String(row.whId)} and carrier_code = ${String(row.carrierId)}`.execute(
          trx,
        );
        if (rows[0] && rows[0].status !== 'A') throw new AppError('carrierInactive', { carrierId: String(row.carrierId) });
      }
      if (existing) return;
      if (row.orderDate === null || row.orderDate === undefined) {
        const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(trx);
        row.orderDate = rows[0]?.today ?? null;
      }
      row.orderNumber ??= await nextOrderNumber(trx, String(row.whId));
      row.status = 'N';
      row.createBy = user.name;
    },
    async beforeDelete(_trx, rows) {
      for (const row of rows) refuseUnlessNew(row);
    },
  },
];
