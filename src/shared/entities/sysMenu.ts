import { defineEntity } from './defineEntity';

/**
 * A menu entry (spec 000 §3 "Menu"): a directory (0), a menu that opens a screen (1) or a button that
 * carries permissions (2). Names in both languages; `parentId` 0 is a root.
 */
export const sysMenu = defineEntity({
  name: 'menu',
  resource: 'menu',
  warehouseScoped: false,
  unique: ['parentId', 'name'],
  orderBy: ['parentId', 'orderNum'],
  fields: {
    parentId: { type: 'int', required: true, filter: true },
    type: { type: 'code', required: true, codes: ['0', '1', '2'], codeList: 'menuType', filter: true, column: true, width: 90 },
    name: { type: 'text', required: true, max: 100, filter: true, column: true, width: 160 },
    nameEn: { type: 'text', required: true, max: 100, filter: true, column: true, width: 160 },
    url: { type: 'text', max: 200, filter: true, column: true, width: 180, pattern: '^(iframe:\\S+|[A-Za-z0-9_/-]+)$' },
    perms: {
      type: 'text',
      max: 200,
      filter: true,
      column: true,
      width: 200,
      pattern: '^sys:[A-Za-z0-9_]+:[A-Za-z]+(,sys:[A-Za-z0-9_]+:[A-Za-z]+)*$',
    },
    icon: { type: 'text', max: 50, column: true, width: 100, pattern: '^[a-z0-9-]+$' },
    orderNum: { type: 'int', required: true, column: true, width: 80 },
    hidden: { type: 'code', required: true, codes: ['false', 'true'], codeList: 'bool' },
    keepAlive: { type: 'code', required: true, codes: ['false', 'true'], codeList: 'bool' },
  },
  form: [['type', 'orderNum'], ['name', 'nameEn'], ['url'], ['perms'], ['icon'], ['hidden', 'keepAlive']],
});
