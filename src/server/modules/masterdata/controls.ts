/**
 * The warehouse controls (`t_whse_control`, the tWhseControl entity) that the modules above read — their names and
 * the values each may hold — and the save hooks that keep a bad value out. Master data owns the table, so the rules
 * of its values live here and the modules that read a control (inbound's over-receipt tolerance, inventory's expiry
 * rules, outbound's allocation) import them from here: master data imports none of them (src/server/README.md
 * "Layers").
 */
import { AppError } from '../../platform/errors';

/** Minimum remaining shelf life in days at allocation and receiving: the client's row, else the warehouse's, else 0. */
export const MIN_SHELF_LIFE_DAYS = 'MIN_SHELF_LIFE_DAYS';
/** Days before expiry that stock counts as expiring (the report and the home count): client row, warehouse row, 30. */
export const EXPIRY_WARNING_DAYS = 'EXPIRY_WARNING_DAYS';

/** The control naming the over-receipt tolerance. */
export const OVER_RECEIPT_PCT = 'OVER_RECEIPT_PCT';

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** A tolerance percent: 0 to 100, at most two decimals. */
export const isPercent = (value: string): boolean => PERCENT.test(value) && Number(value) <= 100;

/** The over-receipt save check: OVER_RECEIPT_PCT holds a percent from 0 to 100. */
function checkPercentControl(row: Record<string, unknown>): void {
  if (row.controlName !== OVER_RECEIPT_PCT) return;
  const value = String(row.controlValue ?? '').trim();
  if (!isPercent(value)) throw new AppError('controlPercentInvalid', { controlName: OVER_RECEIPT_PCT, value });
}

/** Ten years: the largest number of days a control or an order may name. */
export const MAX_DAYS = 3650;

/** A number of days as a control or an order field holds it: a whole number from 0 to 3650. */
export function parseDays(value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const days = Number(text);
  return days <= MAX_DAYS ? days : null;
}

/** The day-control save check: the two day controls hold a whole number of days. */
function checkDaysControl(row: Record<string, unknown>): void {
  if (row.controlName !== MIN_SHELF_LIFE_DAYS && row.controlName !== EXPIRY_WARNING_DAYS) return;
  if (parseDays(row.controlValue) === null) {
    throw new AppError('controlDaysInvalid', { controlName: String(row.controlName), value: String(row.controlValue ?? '') });
  }
}

/** The tOrder and tItemMaster save hook: an order's or item's minimum remaining shelf life is empty or 0–3650 days. */
export function checkMinShelfLife(row: Record<string, unknown>): void {
  const value = row.minShelfLifeDays;
  if (value === null || value === undefined || value === '') {
    row.minShelfLifeDays = null;
    return;
  }
  const days = parseDays(value);
  if (days === null) throw new AppError('orderMinShelfLifeRange', { value: String(value) });
  row.minShelfLifeDays = days;
}

/** The tWhseControl save hook: a control this file names holds a value of its kind; other names are free text. */
export function checkWhseControl(row: Record<string, unknown>): void {
  checkPercentControl(row);
  checkDaysControl(row);
}
