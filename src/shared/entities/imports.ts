import { IMPORT_FIELDS, IMPORT_LIMITS, IMPORT_TYPES, type ImportType, importEntityName } from '../imports';
import { CODE_LISTS } from './codeLists';
import type { EntityDef, FieldDef } from './defineEntity';

/**
 * The ten staging entities `tblTempExcelImport<Type>` (spec 001 §3, §7): a row of a sheet as typed (every target field
 * kept as text, so that a bad value is stored and shown in the preview), its group, sheet row number, status and error
 * message. Rows are written by `importExcel`; the generic save adds or corrects one row in the preview (it becomes N,
 * new, and is validated again at commit). Labels: `entity.tblTempExcelImport<Type>.field.<field>`.
 */
function stagingEntity(type: ImportType): EntityDef {
  const fields: Record<string, FieldDef> = {
    whId: { type: 'text', required: true, max: 20, filter: true, column: true, width: 90, immutable: true, lookup: 'warehouse' },
    groupId: { type: 'int', required: true, filter: true, column: true, width: 90, immutable: true },
    rowNumber: { type: 'int', required: true, rule: 'positiveInt', filter: true, column: true, width: 80, immutable: true },
    importStatus: {
      type: 'code',
      codes: CODE_LISTS.importStatus,
      codeList: 'importStatus',
      filter: true,
      column: true,
      width: 100,
      readOnly: true,
    },
    errorMsg: { type: 'text', filter: true, column: true, width: 320, readOnly: true },
  };
  for (const { field } of IMPORT_FIELDS[type]) {
    fields[field] = { type: 'text', max: IMPORT_LIMITS.cellLength, column: true, width: 120 };
  }
  fields.createDate = { type: 'text', column: true, width: 160, readOnly: true, dateTime: true, sortable: true };
  fields.createBy = { type: 'text', filter: true, column: true, width: 100, readOnly: true };
  const columns = IMPORT_FIELDS[type].map((f) => f.field);
  const form: string[][] = [['whId', 'groupId'], ['rowNumber']];
  for (let i = 0; i < columns.length; i += 2) form.push(columns.slice(i, i + 2));
  return {
    name: importEntityName(type),
    resource: importEntityName(type),
    warehouseScoped: true,
    unique: ['groupId', 'rowNumber'],
    orderBy: ['groupId', 'rowNumber'],
    timestamps: false,
    fields,
    form,
  };
}

/** The staging entities by wire name. */
export const IMPORT_ENTITIES: Record<string, EntityDef> = Object.fromEntries(
  IMPORT_TYPES.map((type) => [importEntityName(type), stagingEntity(type)]),
);
