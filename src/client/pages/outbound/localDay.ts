/** A day as yyyy-MM-dd: today in the user's time zone, or `days` after it — or after `from` (yyyy-MM-dd). */
export function localDay(days = 0, from?: string): string {
  const [y, m, d] = (from ?? '').split('-').map(Number);
  const day = from && y && m && d ? new Date(y, m - 1, d) : new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
