import { describe, expect, it } from 'vitest';
import { localDayInterval, localDayOf, parseDayFilter } from './dayFilter';

describe('a day chosen in a time column filter', () => {
  it('reads a calendar day and an interval of one day, and nothing else', () => {
    expect(parseDayFilter('2026-11-26')).toEqual({ day: '2026-11-26' });
    expect(parseDayFilter('2026-11-25T16:00:00.000Z/2026-11-26T16:00:00.000Z')).toEqual({
      from: '2026-11-25T16:00:00.000Z',
      to: '2026-11-26T16:00:00.000Z',
    });
    expect(parseDayFilter('2026-11-25T16:00:00+08:00/2026-11-26T16:00:00+08:00')).not.toBeNull();
    for (const bad of [
      '2026-02-30',
      '26-11-2026',
      '2026-11-26T00:00:00.000Z',
      '2026-11-26T00:00:00.000Z/2026-11-25T00:00:00.000Z',
      '2026-11-01T00:00:00.000Z/2026-11-30T00:00:00.000Z',
      '2026-11-26T00:00:00.000Z/2026-11-27T00:00:00.000Z/x',
      "2026-11-26T00:00:00Z/2026-11-27T00:00:00Z' or 1=1",
    ])
      expect(parseDayFilter(bad), bad).toBeNull();
  });

  it('turns a local day into its interval and back, whatever the zone', () => {
    const interval = localDayInterval('2026-11-26');
    const [from = '', to = ''] = interval.split('/');
    expect(new Date(from).getDate()).toBe(26);
    expect(new Date(from).getHours()).toBe(0);
    expect(Date.parse(to) - Date.parse(from)).toBe(24 * 3600 * 1000);
    expect(localDayOf(interval)).toBe('2026-11-26');
    expect(localDayOf('2026-11-26')).toBe('2026-11-26');
    // A date still being typed stays as typed.
    expect(localDayOf('2026-1')).toBe('2026-1');
    expect(localDayOf('')).toBe('');
  });
});
