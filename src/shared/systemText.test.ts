import { describe, expect, it } from 'vitest';
import en from '../../locales/en_us.json';
import zh from '../../locales/zh_cn.json';
import { parseSystemText, renderSystemText, SYSTEM_TEXTS, systemText } from './systemText';

const inChinese = (key: string, values: Record<string, string>) =>
  (zh as Record<string, string>)[key]!.replace(/\{(\w+)\}/g, (_, n: string) => values[n] ?? '');

describe('system texts', () => {
  it('stores a code and its values, and shows them in the reader’s language', () => {
    const stored = systemText('countLogged', { counted: '9', book: '10' });
    expect(stored).toBe('#countLogged{"counted":"9","book":"10"}');
    expect(renderSystemText(stored, inChinese)).toBe('盘点 9，账面 10');
  });

  it('reads rows written in English before codes were stored', () => {
    expect(parseSystemText('counted 9, book 10')).toEqual({ code: 'countLogged', values: { counted: '9', book: '10' } });
    expect(renderSystemText('cycle count CC00000001–CC00000004', inChinese)).toBe('循环盘点 CC00000001–CC00000004');
  });

  it('leaves what a user typed as written', () => {
    for (const typed of ['盘点差异', '#note{"a":1}', '#countLogged{broken', 'counted nine']) {
      expect(renderSystemText(typed, inChinese)).toBe(typed);
    }
    expect(renderSystemText(null, inChinese)).toBeNull();
  });

  it('has a message in both languages for every code', () => {
    for (const code of Object.keys(SYSTEM_TEXTS)) {
      expect(Object.hasOwn(zh, `systemText.${code}`)).toBe(true);
      expect(Object.hasOwn(en, `systemText.${code}`)).toBe(true);
    }
  });
});
