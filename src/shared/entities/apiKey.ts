import { defineEntity } from './defineEntity';
import { codeField, textField } from './fields';

/** The name of an API key (the integration it serves): letters, digits, `_ . -`. */
export const API_KEY_NAME_PATTERN = '^[A-Za-z0-9_.-]+$';

/**
 * An API key (issue 28 item 2; system module README "API keys", docs/integration.md): a machine credential with its own
 * role and warehouse/client grants, shown once at creation. The list reads the view `sys_api_key_list` (role, grants,
 * status); the key's hash never leaves the server. Made by `/apiKey/create` and changed by `/apiKey/update` (not the
 * generic `/save`: a new key answers its secret once), revoked by `/apiKey/revoke`. Not in ENTITIES: the generic contract suite does not apply.
 */
export const apiKey = defineEntity({
  name: 'apiKey',
  resource: 'apiKey',
  warehouseScoped: false,
  // Its own times: created (a field of the list), no update time.
  timestamps: false,
  unique: ['name'],
  orderBy: ['name'],
  fields: {
    name: {
      type: 'text',
      required: true,
      max: 40,
      filter: true,
      column: true,
      width: 140,
      immutable: true,
      pattern: API_KEY_NAME_PATTERN,
    },
    prefix: textField(20, { readOnly: true, filter: true, column: true, width: 150 }),
    roleName: textField(50, { readOnly: true, column: true, width: 120 }),
    warehouses: textField(400, { readOnly: true, column: true, width: 160 }),
    status: codeField('apiKeyStatus', { readOnly: true, filter: true, column: true, width: 90 }),
    expiresAt: textField(40, { column: true, dateTime: true, width: 150 }),
    lastUsedAt: textField(40, { readOnly: true, column: true, dateTime: true, width: 150 }),
    createdBy: textField(50, { readOnly: true, column: true, width: 100 }),
    createTime: textField(40, { readOnly: true, column: true, dateTime: true, width: 150 }),
    remark: textField(200, { column: true, width: 180 }),
  },
  form: [['name'], ['expiresAt'], ['remark']],
});
