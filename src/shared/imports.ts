/**
 * Excel import (issue 17; spec 001 §3, §5, §7; spec 000 §8 "Import and export"): the contract between the Import
 * screen and the server. Ten import types, each a staging entity `tblTempExcelImport<Type>` whose rows keep the
 * sheet's values as typed (text), with a group, a row number, a status and the row's error message. The rules behind
 * it are in src/server/modules/imports/README.md.
 *
 * Flow: the console reads the sheet (read-excel-file) and sends its rows in batches to `importExcel` under one group;
 * the server stages and validates them (status V or E with a message naming the column in the user's language); the
 * screen previews the group (`findPage`), then `commitGroup` writes the valid rows into the real tables through the
 * same services as the screens, each business document all or nothing; committed rows become S.
 */
import type { EntityDef, FieldDef } from './entities/defineEntity';
import { tblInvAdjustmentDetail, tblInvMovementDetail } from './entities/inventoryLines';
import { tblInvAdjustment, tblInvMovement } from './entities/inventoryTasks';
import { tItemMaster } from './entities/tItemMaster';
import { tItemUom } from './entities/tItemUom';
import { tLocation } from './entities/tLocation';
import { tOrder } from './entities/tOrder';
import { tOrderDetail } from './entities/tOrderDetail';
import { tPoDetail } from './entities/tPoDetail';
import { tPoMaster } from './entities/tPoMaster';
import { tVendor } from './entities/tVendor';
import { tZone } from './entities/tZone';
import { tZoneLoca } from './entities/tZoneLoca';

/** The ten import types of spec 001 §3, in the order the screen offers them. */
export const IMPORT_TYPES = [
  'Inbound',
  'Outbound',
  'InvAdjustment',
  'InvMovement',
  'ItemMaster',
  'ItemUom',
  'Vendor',
  'Zone',
  'ZoneLoca',
  'Location',
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** The staging entity (wire name) of an import type: `tblTempExcelImportLocation` … */
export type ImportEntityName = `tblTempExcelImport${ImportType}`;
export const importEntityName = (type: ImportType): ImportEntityName => `tblTempExcelImport${type}`;

/** The type of a staging entity name, or null when the name is not one. */
export function importTypeOf(entity: string): ImportType | null {
  return IMPORT_TYPES.find((type) => importEntityName(type) === entity) ?? null;
}

import { IMPORT_STATUSES, type ImportStatus } from './importStatus';

/** Status of a staging row: N new, E error, V valid, S committed (importStatus.ts). */
export { IMPORT_STATUSES, type ImportStatus };

/** Limits, the same on the screen and the server. */
export const IMPORT_LIMITS = {
  /** Rows in one `importExcel` call (the console sends a file in batches of this size at most). */
  rowsPerBatch: 5_000,
  /** Rows in one group (one file, plus re-imports into it). */
  rowsPerGroup: 100_000,
  /** Size of a file the console accepts (checked before reading it). */
  fileBytes: 10 * 1024 * 1024,
  /** Longest cell value kept in staging (longer: refused as too long by the column's own rule, stored cut to this). */
  cellLength: 500,
  /** Error rows listed in an answer (`errors`); the preview's status filter shows them all. */
  errorsListed: 100,
  /** Groups `findGroups` answers (the newest first). */
  groupsListed: 200,
} as const;

/** The spreadsheet file types the screen accepts (spec: xls or xlsx; .xls is refused with a message, README). */
export const IMPORT_FILE_EXTENSIONS = ['.xlsx'] as const;

/** How a column is written in the sheet (the shared validation checks each by its target field's definition). */
export type ImportColumnKind = 'text' | 'code' | 'date' | 'qty' | 'decimal' | 'int';

/** One column of an import template, in template order. */
export interface ImportColumn {
  /** The field key: the second header row of the template and the key of a row sent to `importExcel`. */
  field: string;
  /** Locale key of the column's label (the target entity's field label), the template's first header row. */
  label: string;
  kind: ImportColumnKind;
  required: boolean;
  /** Longest text value (text and code columns). */
  max?: number;
  /** The fixed codes (template data validation list), labelled `code.<codeList>.<value>`. */
  codes?: readonly string[];
  codeList?: string;
}

/** What an import type writes at commit. */
export type ImportTarget =
  /** PO headers with their lines, grouped by `poNumber`. */
  | 'purchaseOrders'
  /** Orders (status N, new) with their lines, grouped by `orderNumber`. */
  | 'orders'
  /** Adjustment tasks (status N, awaiting confirmation) with their lines, one task per `taskRef`. */
  | 'adjustmentTasks'
  /** Movement tasks (status N, awaiting approval) with their lines, one task per `taskRef`. */
  | 'movementTasks'
  /** Master data rows of the target entity, one per sheet row. */
  | 'masterData';

/** One import type: its staging entity, permissions, template columns and example row. */
export interface ImportTypeDef {
  type: ImportType;
  entity: ImportEntityName;
  /** Permission resource of the staging entity: `sys:<resource>:view|add|edit|delete`. */
  resource: string;
  /** The target entity (its labels and rules); for documents, the header entity. */
  target: string;
  /** Commit also needs `sys:<targetResource>:add`. */
  targetResource: string;
  writes: ImportTarget;
  /** Columns in template order. The warehouse is not a column: it is chosen on the screen (request `whId`). */
  columns: readonly ImportColumn[];
  /** The template's example row (field → value as typed). */
  example: Readonly<Record<string, string>>;
}

/** Column kinds from a target field definition: the shared validation then checks the value by that definition. */
function kindOf(def: FieldDef): ImportColumnKind {
  if (def.rule === 'qtyPositive' || def.rule === 'qtySigned') return 'qty';
  switch (def.type) {
    case 'decimal':
      return 'decimal';
    case 'int':
      return 'int';
    case 'date':
      return 'date';
    case 'code':
      return 'code';
    case 'text':
      return 'text';
  }
}

/**
 * The target field definition a column is checked by: the entity's own, with `required` where the import needs the
 * value although the screen does not (a document number groups the lines; a line's number is given by the row order).
 */
export interface ImportField {
  entity: EntityDef;
  field: string;
  def: FieldDef;
}

/** A column reading the definition of `entity.fields[field]`. */
function col(entity: EntityDef, field: string, extra: Partial<FieldDef> = {}): ImportField {
  const def = entity.fields[field];
  if (!def) throw new Error(`${entity.name} has no field ${field}`);
  return { entity, field, def: { ...def, ...extra } };
}

/** The document grouping key of task imports: a free reference, rows with the same one make one task. */
const TASK_REF: FieldDef = { type: 'text', required: true, max: 30, pattern: '^[A-Za-z0-9_.-]+$' };
const taskRef = (entity: EntityDef): ImportField => ({ entity, field: 'taskRef', def: TASK_REF });

/** The fields of each type, in template order (the checks read these definitions: imports README "Validation"). */
export const IMPORT_FIELDS: Readonly<Record<ImportType, readonly ImportField[]>> = {
  Inbound: [
    col(tPoMaster, 'poNumber', { required: true }),
    col(tPoMaster, 'clientCode'),
    col(tPoMaster, 'typeId'),
    col(tPoMaster, 'vendorCode'),
    col(tPoMaster, 'expectedDate'),
    col(tPoMaster, 'remark'),
    col(tPoDetail, 'lineNumber'),
    col(tPoDetail, 'itemNumber'),
    col(tPoDetail, 'qty'),
    col(tPoDetail, 'orderUom'),
    col(tPoDetail, 'lotNumber'),
    col(tPoDetail, 'deliveryDate'),
    col(tPoDetail, 'vendorItemNumber'),
  ],
  Outbound: [
    col(tOrder, 'orderNumber', { required: true }),
    col(tOrder, 'clientCode'),
    col(tOrder, 'typeId'),
    col(tOrder, 'orderDate'),
    col(tOrder, 'priority'),
    col(tOrder, 'latestShipDate'),
    col(tOrder, 'carrierId'),
    col(tOrder, 'customerCode'),
    col(tOrder, 'customerName'),
    col(tOrder, 'shipToName'),
    col(tOrder, 'shipToPhone'),
    col(tOrder, 'shipToAddr1'),
    col(tOrder, 'shipToCity'),
    col(tOrderDetail, 'lineNumber'),
    col(tOrderDetail, 'itemNumber'),
    col(tOrderDetail, 'qty'),
    col(tOrderDetail, 'orderUom'),
    col(tOrderDetail, 'lotNumber'),
  ],
  InvAdjustment: [
    taskRef(tblInvAdjustment),
    col(tblInvAdjustment, 'reasonId'),
    col(tblInvAdjustment, 'description'),
    col(tblInvAdjustmentDetail, 'itemNumber'),
    col(tblInvAdjustmentDetail, 'locationId'),
    col(tblInvAdjustmentDetail, 'qty'),
    col(tblInvAdjustmentDetail, 'uom'),
    col(tblInvAdjustmentDetail, 'lotNumber'),
    col(tblInvAdjustmentDetail, 'expirationDate'),
    col(tblInvAdjustmentDetail, 'huId'),
    col(tblInvAdjustmentDetail, 'lineRemark'),
  ],
  InvMovement: [
    taskRef(tblInvMovement),
    col(tblInvMovement, 'description'),
    col(tblInvMovementDetail, 'itemNumber'),
    col(tblInvMovementDetail, 'sourceLocationId'),
    col(tblInvMovementDetail, 'destLocationId'),
    col(tblInvMovementDetail, 'qty'),
    col(tblInvMovementDetail, 'uom'),
    col(tblInvMovementDetail, 'lotNumber'),
    col(tblInvMovementDetail, 'expirationDate'),
    col(tblInvMovementDetail, 'huId'),
    col(tblInvMovementDetail, 'lineRemark'),
  ],
  ItemMaster: [
    'clientCode',
    'itemNumber',
    'description',
    'uom',
    'lotControl',
    'serialControl',
    'isSpecialSize',
    'useXcarton',
    'defaultCartonType',
    'status',
    'displayItemNumber',
    'inventoryType',
    'shelfLife',
    'itemCategory',
    'price',
    'upc',
    'unitWeight',
    'unitVolume',
    'length',
    'width',
    'height',
    'sampleRate',
    'itemTypeId',
    'classId',
    'attributeCollectionId',
  ].map((f) => col(tItemMaster, f)),
  ItemUom: [
    'itemNumber',
    'uom',
    'conversionFactor',
    'uomPrompt',
    'pickPutId',
    'uomWeight',
    'length',
    'width',
    'height',
    'packageWeight',
    'status',
  ].map((f) => col(tItemUom, f)),
  Vendor: ['vendorCode', 'vendorName', 'contact', 'phone', 'email', 'addr1', 'city', 'state', 'zip', 'countryCode'].map((f) =>
    col(tVendor, f),
  ),
  Zone: ['zone', 'description', 'zoneType', 'overflowZone'].map((f) => col(tZone, f)),
  ZoneLoca: ['zone', 'locationId', 'pickSeq'].map((f) => col(tZoneLoca, f)),
  Location: [
    'locationId',
    'description',
    'shortLocationId',
    'status',
    'type',
    'huFlag',
    'itemHuIndicator',
    'zone',
    'pickingFlow',
    'pickArea',
    'capacityUom',
    'capacityQty',
    'capacityVolume',
    'cycleCountClass',
    'length',
    'width',
    'height',
  ].map((f) => col(tLocation, f)),
};

/** The template's example rows (also the tests' good rows); warehouse WH01 of the demo data. */
const EXAMPLES: Readonly<Record<ImportType, Readonly<Record<string, string>>>> = {
  Inbound: {
    poNumber: 'PO-IMP-001',
    clientCode: 'ACME',
    typeId: 'STD',
    vendorCode: 'V-MENGNIU',
    expectedDate: '2025-07-01',
    lineNumber: '1',
    itemNumber: 'ACME-0001',
    qty: '24',
    orderUom: 'EA',
  },
  Outbound: {
    orderNumber: 'SO-IMP-001',
    clientCode: 'ACME',
    typeId: 'SO',
    orderDate: '2025-07-01',
    priority: '5',
    customerName: '张三 Zhang San',
    shipToName: '张三 Zhang San',
    shipToPhone: '13800000000',
    shipToAddr1: '上海市浦东新区 1 号',
    lineNumber: '1',
    itemNumber: 'ACME-0001',
    qty: '2',
    orderUom: 'EA',
  },
  InvAdjustment: {
    taskRef: 'ADJ-1',
    description: '期初库存 Opening stock',
    itemNumber: 'ACME-0001',
    locationId: 'STG-IN-01',
    qty: '10',
    uom: 'EA',
  },
  InvMovement: {
    taskRef: 'MOVE-1',
    description: '移库 Relocation',
    itemNumber: 'ACME-0001',
    sourceLocationId: 'STG-IN-01',
    destLocationId: 'A01-01-1',
    qty: '1',
    uom: 'EA',
  },
  ItemMaster: {
    clientCode: 'ACME',
    itemNumber: 'ACME-IMP-001',
    description: '导入商品 Imported item',
    uom: 'EA',
    lotControl: 'N',
    serialControl: 'N',
    isSpecialSize: 'N',
    useXcarton: 'N',
    defaultCartonType: 'N',
    status: 'A',
    shelfLife: '365',
    price: '12.5',
  },
  ItemUom: { itemNumber: 'ACME-0001', uom: 'BOX12', conversionFactor: '12', uomPrompt: '12 件箱 Box of 12', status: 'A' },
  Vendor: { vendorCode: 'V-IMP-001', vendorName: '导入供应商 Imported vendor', contact: '王芳 Wang Fang', countryCode: 'CN' },
  Zone: { zone: 'IMPZ', description: '导入库区 Imported zone', zoneType: 'A' },
  ZoneLoca: { zone: 'PAL', locationId: 'STG-IN-01', pickSeq: '10' },
  Location: {
    locationId: 'IMP-01-01',
    description: '导入库位 Imported location',
    status: 'A',
    type: 'M',
    huFlag: 'N',
    itemHuIndicator: 'I',
    zone: 'PAL',
    pickingFlow: '100',
  },
};

const TARGETS: Readonly<Record<ImportType, { target: EntityDef; writes: ImportTarget }>> = {
  Inbound: { target: tPoMaster, writes: 'purchaseOrders' },
  Outbound: { target: tOrder, writes: 'orders' },
  InvAdjustment: { target: tblInvAdjustment, writes: 'adjustmentTasks' },
  InvMovement: { target: tblInvMovement, writes: 'movementTasks' },
  ItemMaster: { target: tItemMaster, writes: 'masterData' },
  ItemUom: { target: tItemUom, writes: 'masterData' },
  Vendor: { target: tVendor, writes: 'masterData' },
  Zone: { target: tZone, writes: 'masterData' },
  ZoneLoca: { target: tZoneLoca, writes: 'masterData' },
  Location: { target: tLocation, writes: 'masterData' },
};

/** The label key of an import field: the target field's own label (the task reference has its own). */
export function importLabel(field: ImportField): string {
  return field.field === 'taskRef' ? 'import.field.taskRef' : `entity.${field.entity.name}.field.${field.field}`;
}

function columnOf(field: ImportField): ImportColumn {
  const { def } = field;
  return {
    field: field.field,
    label: importLabel(field),
    kind: kindOf(def),
    required: Boolean(def.required),
    ...(def.max !== undefined ? { max: def.max } : {}),
    ...(def.codes ? { codes: def.codes } : {}),
    ...(def.codeList ? { codeList: def.codeList } : {}),
  };
}

/** Every import type, by type. */
export const IMPORT_TYPE_DEFS: Readonly<Record<ImportType, ImportTypeDef>> = Object.fromEntries(
  IMPORT_TYPES.map((type) => {
    const { target, writes } = TARGETS[type];
    const def: ImportTypeDef = {
      type,
      entity: importEntityName(type),
      resource: importEntityName(type),
      target: target.name,
      targetResource: target.resource,
      writes,
      columns: IMPORT_FIELDS[type].map(columnOf),
      example: EXAMPLES[type],
    };
    return [type, def];
  }),
) as Record<ImportType, ImportTypeDef>;

// ---- requests and answers -------------------------------------------------------------------------------------

/** A sheet value as read-excel-file gives it: text, a number (an Excel date serial in a date column), or empty. */
export type ImportCell = string | number | null;

/**
 * `POST /tblTempExcelImport<Type>/importExcel` (permission `sys:tblTempExcelImport<Type>:add`): stages and validates
 * one batch in one transaction (all or nothing). Rows are objects keyed by the template's field keys; unknown keys are
 * ignored. A date cell may be ISO text (yyyy-MM-dd) or an Excel date serial (a number).
 */
export interface ImportRequest {
  /** The warehouse chosen on the screen; every row belongs to it (must be granted to the user). */
  whId: string;
  /** Absent: a new group. Present: a further batch of the same file, or a re-import into that group. */
  groupId?: number;
  /**
   * The sheet row number of `rows[0]` (a template's data starts at row 3: two header rows). Absent: the rows continue
   * after the group's highest row number. A row may also carry its own `rowNumber` (an error file's column).
   */
  firstRowNumber?: number;
  /**
   * A re-import of a corrected error file: before this batch is staged, the group's rows in status E are deleted.
   * Send it on the first batch of the re-import only. Rows carrying the number of a row still in the group replace it
   * (unless it is committed, S: then the new row is skipped and counted in `skipped`).
   */
  replaceErrors?: boolean;
  /** 1 to `IMPORT_LIMITS.rowsPerBatch` rows. */
  rows: Record<string, ImportCell>[];
}

/** One row in error, as the answers list it. */
export interface ImportRowError {
  rowNumber: number;
  /** Every problem of the row, in the user's language, each naming its column. */
  errorMsg: string;
}

export interface ImportAnswer {
  groupId: number;
  /** Rows of this batch staged. */
  received: number;
  /** Of them valid (V) and in error (E). */
  valid: number;
  errors: number;
  /** Rows not staged because their row number is a committed row of the group. */
  skipped: number;
  /** The first error rows of the batch (at most `IMPORT_LIMITS.errorsListed`). */
  errorRows: ImportRowError[];
}

/** `POST /tblTempExcelImport<Type>/commitGroup` (add permission, plus the target's add permission). */
export interface CommitRequest {
  groupId: number;
}

/**
 * The group's rows not yet committed are validated again (the database may have changed since they were staged), then
 * the valid ones are written, each business document all or nothing: a document with one failing row keeps all its
 * rows E with the reason. Committing a group again commits nothing more.
 */
export interface CommitAnswer {
  /** Rows committed now (status S). */
  committed: number;
  /** Documents (POs, orders, tasks) or master data rows written now. */
  documents: number;
  /** Rows left in error (status E) in the group. */
  failed: number;
  errorRows: ImportRowError[];
}

/** `POST /tblTempExcelImport<Type>/deleteGroup` (delete permission): deletes the group's rows the user may see. */
export interface GroupRequest {
  groupId: number;
}

export interface DeleteGroupAnswer {
  deleted: number;
}

/** `POST /tblTempExcelImport<Type>/findGroups` (view permission): the groups of the type, newest first. */
export interface FindGroupsRequest {
  whId?: string;
}

export interface ImportGroup {
  groupId: number;
  whId: string;
  createDate: string;
  createBy: string;
  total: number;
  /** Rows by status. */
  counts: Record<ImportStatus, number>;
}

/**
 * The preview is the generic `POST /tblTempExcelImport<Type>/findPage` (view permission) with the filters `groupId`,
 * `importStatus`, `errorMsg` (contained text), `rowNumber`, `whId`, `createBy`; `POST …/delete` (delete permission)
 * deletes listed staging rows; `POST …/save` (add or edit) adds or corrects one staging row, which becomes N (new) and
 * is validated again at commit.
 */
export const IMPORT_ROUTES = ['importExcel', 'commitGroup', 'deleteGroup', 'findGroups'] as const;
