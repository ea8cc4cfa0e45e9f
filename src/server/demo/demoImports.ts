import { sql } from 'kysely';
import { IMPORT_FIELDS, IMPORT_TYPE_DEFS, IMPORT_TYPES } from '../../shared/imports';
import type { Db } from '../db/connect';
import { stagingTable } from '../modules/imports/imports.service';

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One demo import group per type and warehouse, holding the template's example row (status N: validated at commit),
 * so that the Import screen's preview has something to show. In type order, WH01 then WH02: groups 1, 2 for inbound,
 * 3, 4 for outbound … (the contract tests add rows to the WH01 groups).
 */
export async function seedDemoImports(db: Db): Promise<void> {
  for (const type of IMPORT_TYPES) {
    const fields = IMPORT_FIELDS[type].map((f) => f.field);
    const example = IMPORT_TYPE_DEFS[type].example;
    for (const whId of ['WH01', 'WH02']) {
      await sql`insert into ${sql.table(stagingTable(type))}
        (wh_id, group_id, row_number, import_status, create_by, ${sql.join(fields.map((f) => sql.id(snake(f))))})
        values (${whId}, nextval('tbl_temp_excel_import_group_seq'), 3, 'N', 'admin',
          ${sql.join(fields.map((f) => example[f] ?? null))})`.execute(db);
    }
  }
}
