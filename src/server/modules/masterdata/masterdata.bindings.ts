import { tClient } from '../../../shared/entities/tClient';
import { tWhse } from '../../../shared/entities/tWhse';
import type { CrudBinding } from '../../crud/crud.types';

/** A warehouse the user creates is granted to them in the same transaction, so they can work in it. */
const warehouse: CrudBinding = {
  entity: tWhse,
  table: 't_whse',
  scope: (user, whId, operation) => operation === 'insert' || user.warehouses === 'all' || user.warehouses.includes(whId),
  async beforeSave(trx, row, { user, existing }) {
    if (existing || user.superAdmin) return;
    // The grant's foreign key is deferred to commit, so it may be written before the warehouse row.
    await trx
      .insertInto('sysUserWarehouse')
      .values({ userId: user.id, whId: String(row.whId), clientCodes: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },
};

const client: CrudBinding = { entity: tClient, table: 't_client' };

/** Master-data entities served by the generic engine. */
export const MASTERDATA_BINDINGS: readonly CrudBinding[] = [warehouse, client];
