import { defineEntity, type FieldDef } from './defineEntity';
import { BY_WAREHOUSE, CODE_PATTERN, codeField, keyField, refField, textField, whIdField } from './fields';

/**
 * The RF (handheld) configuration of spec 001 §3, §5 and §7: dialog texts, dialogs, their function keys and the main
 * processes that chain them. All four share the permissions `sys:rfMainProcessDetail:*` (spec 001 §6). Names of registry
 * actions (`dialogExecSp`, `dialogListSourceExecSp`, `execSpBeforeNext`) are checked by the server against its fixed
 * registry (src/server/modules/rf/README.md); nothing in configuration is ever run as SQL or code.
 */
const RESOURCE = 'rfMainProcessDetail';

/** A sub process (dialog) name or a process resource name: a code, fixed after insert where it is a key. */
const nameField = (extra: Partial<FieldDef> = {}): FieldDef => keyField(60, 160, extra);
/** A reference by name to a process resource of one type (or a registry action): free code, not a key. */
const refName = (width: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  type: 'text',
  max: 60,
  pattern: CODE_PATTERN,
  column: true,
  width,
  ...extra,
});
const clientCodeField = refField(30, 'getClient', BY_WAREHOUSE, {
  required: true,
  filter: true,
  column: true,
  width: 110,
  immutable: true,
});

/** RF process resource (spec 001 §2.3, §3): a text of a dialog, per locale. */
export const rfProcessResource = defineEntity({
  name: 'rfProcessResource',
  resource: RESOURCE,
  warehouseScoped: false,
  unique: ['name', 'type', 'localeId'],
  orderBy: ['name', 'type', 'localeId'],
  fields: {
    name: nameField(),
    type: codeField('rfResourceType', { required: true, filter: true, column: true, width: 100, immutable: true }),
    text: textField(200, { column: true, width: 260 }),
    localeId: codeField('rfLocale', { required: true, filter: true, column: true, width: 110, immutable: true }),
  },
  form: [['name'], ['type'], ['localeId'], ['text']],
});

/** RF sub process detail (spec 001 §2.2, §3): one dialog of a warehouse and client. */
export const rfSubProcessDetail = defineEntity({
  name: 'rfSubProcessDetail',
  listKey: 'subProcessName',
  resource: RESOURCE,
  warehouseScoped: true,
  unique: ['whId', 'clientCode', 'subProcessName'],
  orderBy: ['whId', 'clientCode', 'subProcessName'],
  fields: {
    whId: whIdField,
    clientCode: clientCodeField,
    subProcessName: nameField(),
    processVersion: textField(20, { column: true, width: 90 }),
    processDescription: textField(200, { column: true, width: 200 }),
    dialogTitle: refName(140, { required: true }),
    dialogHeader1: refName(130),
    dialogHeader2: refName(130),
    dialogHeader3: refName(130),
    dialogHeader4: refName(130, { hidden: true }),
    dialogHeader5: refName(130, { hidden: true }),
    dialogPrompt: refName(140, { required: true }),
    dialogInputDefault: textField(100, { column: true, width: 120 }),
    dialogInputField: refName(120),
    dialogListSourceExecSp: refName(150),
    dialogListField: refName(110),
    dialogOptionName: refName(140),
    dialogExecSp: refName(150),
  },
  form: [
    ['whId', 'clientCode'],
    ['subProcessName', 'processVersion'],
    ['processDescription'],
    ['dialogTitle', 'dialogPrompt'],
    ['dialogHeader1', 'dialogHeader2'],
    ['dialogHeader3', 'dialogHeader4'],
    ['dialogHeader5', 'dialogOptionName'],
    ['dialogInputField', 'dialogInputDefault'],
    ['dialogListSourceExecSp', 'dialogListField'],
    ['dialogExecSp'],
  ],
});

/** RF sub process option (spec 001 §2.1, §3, §5): a function key of a dialog and where it leads. */
export const rfSubProcessOption = defineEntity({
  name: 'rfSubProcessOption',
  resource: RESOURCE,
  warehouseScoped: true,
  unique: ['whId', 'clientCode', 'subProcessName', 'functionKey'],
  orderBy: ['whId', 'clientCode', 'subProcessName', 'functionKey'],
  fields: {
    subProcessName: nameField(),
    dialogOptionName: refName(150, { required: true, filter: true }),
    dialogOptionDescription: textField(200, { required: true, column: true, width: 200 }),
    functionKey: codeField('rfFunctionKey', { required: true, filter: true, column: true, width: 100, immutable: true }),
    nextSubProcessName: refName(160, { required: true }),
    whId: whIdField,
    clientCode: clientCodeField,
    execSpBeforeNext: refName(150),
  },
  form: [
    ['whId', 'clientCode'],
    ['subProcessName', 'functionKey'],
    ['dialogOptionName'],
    ['dialogOptionDescription'],
    ['nextSubProcessName', 'execSpBeforeNext'],
  ],
});

/** RF main process detail (spec 001 §3, §7): the flows a worker starts and how their dialogs chain on Enter. */
export const rfMainProcessDetail = defineEntity({
  name: 'rfMainProcessDetail',
  resource: RESOURCE,
  warehouseScoped: false,
  unique: ['mainProcessName', 'subProcessName'],
  // A main process starts at its first row: the list shows each one's rows in the order they were added.
  orderBy: ['mainProcessName'],
  fields: {
    mainProcessName: nameField(),
    subProcessName: nameField(),
    successNextProcessName: refName(170),
    failNextProcessName: refName(170),
    dynamicProcessName1: refName(170),
    dynamicProcessName2: refName(170),
  },
  form: [
    ['mainProcessName', 'subProcessName'],
    ['successNextProcessName', 'failNextProcessName'],
    ['dynamicProcessName1', 'dynamicProcessName2'],
  ],
});
