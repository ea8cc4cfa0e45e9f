import { sql } from 'kysely';
import { tPutawayRule } from '../../../shared/entities/tPutawayRule';
import type { CrudBinding } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';

/** Putaway rules name storage zones only: stock is put away to qualified (type A) zones, never to Q or D ones. */
export const PUTAWAY_BINDINGS: readonly CrudBinding[] = [
  {
    entity: tPutawayRule,
    table: 't_putaway_rule',
    async beforeSave(trx, row) {
      const { rows } = await sql<{ zoneType: string }>`
        select zone_type from t_zone where wh_id = ${String(row.whId)} and zone = ${String(row.zone)}`.execute(trx);
      const zoneType = rows[0]?.zoneType;
      // A missing zone is the foreign key's refusal (referenceNotFound), named by the engine.
      if (zoneType !== undefined && zoneType !== 'A') {
        throw new AppError('putawayRuleZoneNotStorage', { zone: String(row.zone), zoneType: `code.zoneType.${zoneType}` });
      }
    },
  },
];
