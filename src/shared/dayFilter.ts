/**
 * A day chosen in a list's date filter on a time column (the transaction log's date …). A time is an instant, and
 * which day it falls on depends on the user's time zone: the console sends the day as the interval of instants from
 * its local midnight to the next (ISO 8601 `start/end`), so the rows are those the user sees dated that day. A plain
 * `yyyy-MM-dd` (a caller without a zone) is the day in the database's time zone.
 */
import { isCalendarDate } from './validation';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A day is at most 25 hours long (a change of summer time); anything longer is not one day. */
const MAX_DAY_MS = 25 * 3600 * 1000;

/** What a time-column day filter's value names: a day in the database's zone, or an interval of instants. */
export type DayFilter = { day: string } | { from: string; to: string };

/** Reads a day filter's value; null when it is neither a calendar date nor an interval of at most a day. */
export function parseDayFilter(value: string): DayFilter | null {
  if (isCalendarDate(value)) return { day: value };
  const [from = '', to = '', ...rest] = value.split('/');
  if (rest.length > 0 || !ISO_INSTANT.test(from) || !ISO_INSTANT.test(to)) return null;
  const span = Date.parse(to) - Date.parse(from);
  return span > 0 && span <= MAX_DAY_MS ? { from, to } : null;
}

/** The interval of a local day (`yyyy-MM-dd`, a calendar date) in the zone of the running code (the browser's). */
export function localDayInterval(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return `${new Date(year, month - 1, date).toISOString()}/${new Date(year, month - 1, date + 1).toISOString()}`;
}

/** The local day (`yyyy-MM-dd`) an interval starts on; any other value (a day, a date being typed) as it is. */
export function localDayOf(value: string): string {
  const parsed = value.includes('/') ? parseDayFilter(value) : null;
  if (!parsed || 'day' in parsed) return value;
  const start = new Date(parsed.from);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
}
