import { sql } from 'kysely';
import { IMPORT_ENTITIES } from '../../../shared/entities/imports';
import { IMPORT_TYPES, importEntityName } from '../../../shared/imports';
import type { CrudBinding } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { lockGroup, stagingTable } from './imports.service';

/**
 * The ten staging entities through the generic engine (README "Preview"): findPage is the preview, delete removes
 * listed rows, and save adds or corrects one row of a group. A saved row becomes N (new: validated again at commit)
 * and records who saved it; a committed row (S) is not changed; a new row joins an existing group of its warehouse.
 */
export const IMPORT_BINDINGS: readonly CrudBinding[] = IMPORT_TYPES.map((type) => {
  const entity = IMPORT_ENTITIES[importEntityName(type)];
  if (!entity) throw new Error(`no staging entity for ${type}`);
  return {
    entity,
    table: stagingTable(type),
    async beforeSave(trx, row, { user, existing }) {
      if (existing?.importStatus === 'S') throw new AppError('notAllowedSave');
      if (!existing) {
        // A new row takes its group's lock, as importExcel, commitGroup and deleteGroup do: a batch staging the same row
        // number meanwhile would otherwise meet this row in the unique index (a 500). An edit keeps the row's number
        // and needs no lock (and takes none: it holds the row's lock already, which an import may wait for).
        await lockGroup(trx, Number(row.groupId));
        const { rows } = await sql<{ whId: string }>`select wh_id from ${sql.table(stagingTable(type))}
          where group_id = ${Number(row.groupId)} limit 1`.execute(trx);
        const group = rows[0];
        if (!group) throw new AppError('importGroupNotFound', { groupId: String(row.groupId) });
        if (group.whId !== row.whId)
          throw new AppError('importGroupOtherWarehouse', {
            groupId: String(row.groupId),
            groupWhId: group.whId,
            whId: String(row.whId),
          });
      }
      row.importStatus = 'N';
      row.errorMsg = null;
      row.createBy = user.name;
    },
  };
});
