import { describe, expect, it } from 'vitest';
import {
  applyColumnPrefs,
  clampWidth,
  diffColumnPrefs,
  formatDate,
  formatDateTime,
  loadColumnPrefs,
  loadColumnWidths,
  loadSort,
  pageCountOf,
  pagerItems,
  saveColumnPrefs,
  saveColumnWidths,
  saveSort,
  type TableColumn,
} from './tableState';

type Row = { id: number; a: string; b: string; c: string };
const columns: TableColumn<Row>[] = [
  { field: 'id', headerKey: 'k.id', hidden: true, minWidth: 80 },
  { field: 'a', headerKey: 'k.a', minWidth: 120 },
  { field: 'b', headerKey: 'k.b' },
];
const label = (c: TableColumn<Row>) => `L-${c.field}`;

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('column settings', () => {
  it('shows the declared defaults when nothing is remembered', () => {
    expect(applyColumnPrefs(columns, {})).toEqual([
      { field: 'id', visible: false, label: null, minWidth: 80 },
      { field: 'a', visible: true, label: null, minWidth: 120 },
      { field: 'b', visible: true, label: null, minWidth: 100 },
    ]);
  });

  it('remembers only what differs from the defaults', () => {
    const edited = applyColumnPrefs(columns, {}).map((c) =>
      c.field === 'id'
        ? { ...c, visible: true }
        : c.field === 'a'
          ? { ...c, label: 'L-a', minWidth: 200 }
          : { ...c, label: 'Bee' },
    );
    expect(diffColumnPrefs(columns, edited, label)).toEqual({ id: { visible: true }, a: { minWidth: 200 }, b: { label: 'Bee' } });
  });

  it('round-trips through storage per table id and forgets on reset', () => {
    const storage = memoryStorage();
    saveColumnPrefs('t1', { a: { visible: false } }, storage);
    expect(loadColumnPrefs('t1', storage)).toEqual({ a: { visible: false } });
    expect(loadColumnPrefs('t2', storage)).toEqual({});
    saveColumnPrefs('t1', {}, storage);
    expect(storage.map.size).toBe(0);
  });

  it('ignores malformed remembered settings', () => {
    const storage = memoryStorage();
    storage.setItem('wharf.table.t', '{not json');
    expect(loadColumnPrefs('t', storage)).toEqual({});
    storage.setItem('wharf.table.t', JSON.stringify({ a: { visible: 'yes', minWidth: 5, label: 3 } }));
    expect(loadColumnPrefs('t', storage)).toEqual({ a: { minWidth: 40 } });
  });

  it('keeps minimum widths within bounds', () => {
    expect(clampWidth(Number.NaN)).toBe(100);
    expect(clampWidth(1)).toBe(40);
    expect(clampWidth(5000)).toBe(1000);
    expect(clampWidth(133.4)).toBe(133);
  });
});

describe('pager', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('elides pages far from the current one, keeping first and last', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 15, 16, 17, 18, 19, 20]);
  });

  it('always has at least one page', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(100, 100)).toBe(1);
  });
});

describe('formatDate', () => {
  it('writes every calendar date yyyy-MM-dd whatever the language (spec 001 §9), not "Nov 30, 2026" or "2026年11月30日"', () => {
    expect(formatDate('2026-11-30')).toBe('2026-11-30');
    expect(formatDate('2026-11-30T00:00:00.000Z')).toBe('2026-11-30');
    expect(formatDate(null)).toBe('');
    expect(formatDate('n/a')).toBe('n/a');
  });
});

describe('formatDateTime', () => {
  it('formats a timestamp in local time and passes other values through', () => {
    const d = new Date(2024, 0, 2, 3, 4, 5);
    expect(formatDateTime(d.toISOString())).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('n/a')).toBe('n/a');
  });
});

describe('the remembered sort of a table', () => {
  const memory = () => {
    const store = new Map<string, string>();
    return {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  };

  it('comes back after a reload, beside the column settings, and is forgotten when cleared', () => {
    const storage = memory();
    saveSort('tLocation', { field: 'locationId', order: 'desc' }, storage);
    saveColumnPrefs('tLocation', { a: { visible: false } }, storage);
    expect(loadSort('tLocation', storage)).toEqual({ field: 'locationId', order: 'desc' });
    expect(loadColumnPrefs('tLocation', storage)).toEqual({ a: { visible: false } });
    saveSort('tLocation', null, storage);
    expect(loadSort('tLocation', storage)).toBeNull();
  });

  it('counts anything malformed as the entity order', () => {
    const storage = memory();
    for (const raw of ['{', '"x"', '{"field":"a","order":"up"}', '{"field":"","order":"asc"}', '[]']) {
      storage.setItem('wharf.table.t.sort', raw);
      expect(loadSort('t', storage), raw).toBeNull();
    }
  });
});

describe('dragged column widths', () => {
  it('keeps a dragged width for the next opening of the table, apart from its sort, and forgets them all', () => {
    const storage = memoryStorage();
    saveSort('widths', { field: 'a', order: 'desc' }, storage);
    saveColumnWidths('widths', { a: 240, b: 5000 }, storage);
    expect(loadColumnWidths('widths', storage)).toEqual({ a: 240, b: 1000 });
    expect(loadSort('widths', storage)).toEqual({ field: 'a', order: 'desc' });
    saveColumnWidths('widths', {}, storage);
    expect(loadColumnWidths('widths', storage)).toEqual({});
    expect(loadSort('widths', storage)).toEqual({ field: 'a', order: 'desc' });
  });

  it('reads nothing from malformed storage', () => {
    const storage = memoryStorage();
    storage.setItem('wharf.table.bad.widths', '[1,2]');
    expect(loadColumnWidths('bad', storage)).toEqual({});
    storage.setItem('wharf.table.bad.widths', '{"a":"wide","b":120}');
    expect(loadColumnWidths('bad', storage)).toEqual({ b: 120 });
  });
});
