import { describe, expect, it } from 'vitest';
import en from '../../locales/en_us.json';
import zh from '../../locales/zh_cn.json';
import { ENTITIES, LINE_ENTITIES } from './entities';
import { ERROR_CODES } from './errors';

describe('locale files', () => {
  it('carry the same keys in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('have a message for every error code, in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(zh, code).toHaveProperty([`error.${code}`]);
      expect(en, code).toHaveProperty([`error.${code}`]);
    }
  });

  it('label every field of every entity, document lines included', () => {
    for (const entity of [...Object.values(ENTITIES), ...Object.values(LINE_ENTITIES)]) {
      expect(en).toHaveProperty([`entity.${entity.name}.name`]);
      for (const field of Object.keys(entity.fields))
        expect(en, `${entity.name}.${field}`).toHaveProperty([`entity.${entity.name}.field.${field}`]);
    }
  });

  it('label every code of every code list an entity uses, in both languages', () => {
    for (const entity of [...Object.values(ENTITIES), ...Object.values(LINE_ENTITIES)])
      for (const [field, def] of Object.entries(entity.fields))
        for (const code of def.codes ?? []) {
          const key = `code.${def.codeList ?? field}.${code}`;
          expect(zh, `${entity.name}.${field}`).toHaveProperty([key]);
          expect(en, `${entity.name}.${field}`).toHaveProperty([key]);
        }
  });

  // English may leave a unit empty where Chinese needs one (分页: 前往 N 页 / Go to N).
  it('leave no Chinese message empty, and hold only strings', () => {
    for (const [key, value] of Object.entries(zh)) expect(String(value).trim(), key).not.toBe('');
    for (const [key, value] of Object.entries(en)) expect(typeof value, key).toBe('string');
  });

  it('say in English exactly what the spec says where it quotes a message (spec 000 §8, spec 001 §5, §8)', () => {
    expect(en).toMatchObject({
      'error.lotNotAllowEmpty': 'Lot Not Allow Empty',
      'error.lotAndExpiryRequired': 'Lot and expire date not allow empty',
      'error.palletNotAllowEmpty': 'Pallet not allow empty',
      'error.itemAttributesEmpty': 'item attributes is empty',
      'error.warehouseEmpty': 'Operation failed. Warehouse cannot be empty',
      'error.clientEmpty': 'Operation failed. Client cannot be empty',
      'error.warehouseClientEmpty': 'Operation failed. Warehouse and client cannot be empty',
      'kit.table.chooseWarehouse': 'Please select a warehouse',
    });
  });
});
