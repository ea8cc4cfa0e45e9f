import { tPoMaster } from '../../../shared/entities/tPoMaster';
import type { CrudBinding } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { takeFreeNumber } from '../masterdata/control.service';
import { poExists, refuseUnlessChangeable, refuseUnlessOpenAndEmpty } from './po.service';

/**
 * The PO header through the generic engine: a new PO takes the typed number or the next of the series, starts open
 * (O) and records its creator; a closed or cancelled PO refuses every edit, the vendor changes only while the PO is
 * open; a PO is deleted (with its lines) only while open and with nothing received.
 */
export const PO_BINDINGS: readonly CrudBinding[] = [
  {
    entity: tPoMaster,
    table: 't_po_master',
    async beforeSave(trx, row, { user, existing }) {
      if (existing) {
        refuseUnlessChangeable(existing);
        if (existing.status !== 'O' && (row.vendorCode ?? null) !== (existing.vendorCode ?? null)) {
          throw new AppError('poVendorFixed', {
            poNumber: String(existing.poNumber),
            status: `code.poStatus.${String(existing.status)}`,
          });
        }
        return;
      }
      const whId = String(row.whId);
      row.poNumber ??= await takeFreeNumber(trx, whId, 'PO', (n) => poExists(trx, whId, n), 'entity.tPoMaster.field.poNumber');
      row.status = 'O';
      row.createBy = user.name;
    },
    async beforeDelete(trx, rows) {
      for (const row of rows) await refuseUnlessOpenAndEmpty(trx, row);
    },
  },
];
