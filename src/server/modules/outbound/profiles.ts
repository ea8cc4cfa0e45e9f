/**
 * The fixed registry of wave-load functions (docs/flows.md "Wave loading"): a profile (`t_afa_profile`) names one of these
 * and gives its parameters 1–10; the function turns the parameter values into conditions on the client's confirmed
 * orders that are in no wave. Never SQL from configuration: each condition is written here, with bound values.
 */
import { type RawBuilder, sql } from 'kysely';
import { CODE_PATTERN } from '../../../shared/entities/fields';
import type { WaveLoadFunction } from '../../../shared/entities/tAfaProfile';
import { isCalendarDate } from '../../../shared/validation';
import { AppError } from '../../platform/errors';

/** How a parameter's text is read: a date (yyyy-MM-dd), a whole number within bounds, a business code. */
type ParamKind = { kind: 'date' } | { kind: 'int'; min: number; max: number } | { kind: 'code' };

/** A function of the registry: the kind of each parameter slot (1…), and the conditions and limit it makes of them. */
interface WaveLoadDef {
  params: readonly ParamKind[];
  /** Conditions over the candidate order `o` (alias), given the parameter values as read (null = empty). */
  where: (values: readonly (string | number | null)[]) => RawBuilder<unknown>[];
  /** The slot (0-based) holding the maximum number of orders, if any. */
  limitSlot: number;
}

const DATE: ParamKind = { kind: 'date' };
const MAX_ORDERS: ParamKind = { kind: 'int', min: 1, max: 500 };
/** The most orders one run puts into the working set. */
export const WAVE_LOAD_CAP = 500;

export const WAVE_LOAD_REGISTRY: Readonly<Record<WaveLoadFunction, WaveLoadDef>> = {
  // Orders whose earliest ship date falls within the range (an open bound is no bound).
  ORDERS_BY_SHIP_DATE: {
    params: [DATE, DATE, MAX_ORDERS],
    where: ([from, to]) => [
      ...(from === null || from === undefined ? [] : [sql`o.earliest_ship_date >= ${from}::date`]),
      ...(to === null || to === undefined ? [] : [sql`o.earliest_ship_date <= ${to}::date`]),
    ],
    limitSlot: 2,
  },
  // Orders of one carrier (empty: orders without carrier).
  ORDERS_BY_CARRIER: {
    params: [{ kind: 'code' }, MAX_ORDERS],
    where: ([carrier]) => [
      carrier === null || carrier === undefined ? sql`o.carrier_id is null` : sql`o.carrier_id = ${carrier}`,
    ],
    limitSlot: 1,
  },
  // Orders of the client whose priority is at least the minimum (1–99).
  ORDERS_BY_PRIORITY: {
    params: [{ kind: 'int', min: 1, max: 99 }, MAX_ORDERS],
    where: ([minimum]) => (minimum === null || minimum === undefined ? [] : [sql`o.priority >= ${minimum}`]),
    limitSlot: 1,
  },
  // Orders of exactly one line.
  SINGLE_LINE_ORDERS: {
    params: [MAX_ORDERS],
    where: () => [sql`(select count(*) from t_order_detail d where d.wh_id = o.wh_id and d.order_number = o.order_number) = 1`],
    limitSlot: 0,
  },
};

const CODE = new RegExp(CODE_PATTERN);

/**
 * Reads one parameter's text for its slot: empty is null, a required one refused, a value of the wrong kind refused —
 * each naming the parameter by its label.
 */
export function readParam(
  kind: ParamKind | undefined,
  value: string | null,
  label: string,
  required: boolean,
): string | number | null {
  if (value === null) {
    if (required) throw new AppError('waveParamRequired', { label });
    return null;
  }
  if (!kind) return value;
  const bad = () => new AppError('waveParamInvalid', { label, value });
  switch (kind.kind) {
    case 'date':
      if (!isCalendarDate(value)) throw bad();
      return value;
    case 'int': {
      if (!/^[0-9]{1,4}$/.test(value)) throw bad();
      const n = Number(value);
      if (n < kind.min || n > kind.max) throw bad();
      return n;
    }
    case 'code':
      if (!CODE.test(value) || value.length > 30) throw bad();
      return value;
  }
}
