import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, codeField, refField, textField, whIdField } from './fields';

/**
 * A dock station (kiosk, issue 16; src/server/modules/kiosk/README.md): where it stands (warehouse, dock door), the
 * flows it offers, its language and idle sign-out. The station key is bound by `/tKioskStation/bind` and removed by
 * `/tKioskStation/revoke`; its hash never leaves the server. Status, bind and last-seen times are the server's.
 */
export const tKioskStation = defineEntity({
  name: 'tKioskStation',
  listKey: 'stationName',
  resource: 'tKioskStation',
  warehouseScoped: true,
  unique: ['whId', 'stationName'],
  orderBy: ['whId', 'stationName'],
  fields: {
    whId: whIdField,
    stationName: {
      type: 'text',
      required: true,
      max: 30,
      filter: true,
      column: true,
      width: 130,
      pattern: '^[A-Za-z0-9_.-]+$',
    },
    dockDoor: refField(20, 'getDockDoor', BY_WAREHOUSE, { filter: true, column: true, width: 100 }),
    flows: codeField('kioskFlow', { required: true, multiple: true, column: true, width: 220 }),
    language: { type: 'code', required: true, codes: ['zh_cn', 'en_us'], codeList: 'language', column: true, width: 100 },
    idleSeconds: { type: 'int', required: true, rule: 'positiveInt', column: true, width: 90 },
    status: codeField('stationStatus', { readOnly: true, filter: true, column: true, width: 90 }),
    boundTime: textField(40, { readOnly: true, column: true, dateTime: true, width: 150 }),
    boundBy: textField(50, { readOnly: true, column: true, width: 100 }),
    lastSeen: textField(40, { readOnly: true, column: true, dateTime: true, width: 150 }),
    remark: textField(200, { column: true, width: 180 }),
  },
  form: [['whId', 'stationName'], ['dockDoor', 'language'], ['flows'], ['idleSeconds', 'status'], ['remark']],
});
