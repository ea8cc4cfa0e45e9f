import { describe, expect, it } from 'vitest';
import en from '../../locales/en_us.json';
import zh from '../../locales/zh_cn.json';
import { ENTITIES } from './entities';
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

  it('label every field of every entity', () => {
    for (const entity of Object.values(ENTITIES)) {
      expect(en).toHaveProperty([`entity.${entity.name}.name`]);
      for (const field of Object.keys(entity.fields))
        expect(en, `${entity.name}.${field}`).toHaveProperty([`entity.${entity.name}.field.${field}`]);
    }
  });

  it('leave no message empty', () => {
    for (const [key, value] of [...Object.entries(zh), ...Object.entries(en)]) expect(String(value).trim(), key).not.toBe('');
  });
});
