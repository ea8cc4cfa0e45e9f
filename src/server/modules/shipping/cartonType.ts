/**
 * The carton type a new carton gets when carton picking does not name one (README "Carton picking", the carton type
 * rule). Pure over what is left to pack of the order and the warehouse's active carton types, first match wins:
 *
 * 1. X carton: an item with `useXcarton` Y whose remaining quantity (summed over its lines) is at least its
 *    `minqtyToUseXcarton` (empty = any quantity) → XL, when XL is an active type.
 * 2. Alone: the first line (by line number) whose item is special-size (`isSpecialSize` Y) or ships in its original
 *    box (`defaultCartonType` N) is packed alone → the smallest box its own volume fits.
 * 3. Paper bag: every remaining item's `defaultCartonType` is P and their whole volume fits the bag → PB, when PB is an
 *    active type.
 * 4. Volume: the smallest box the whole remaining volume fits.
 *
 * Volume of a line = item `unit_volume` (m³, empty = 0) × remaining quantity (base unit); a type holds its l × w × h ×
 * 0.8 (FILL); "fits" is volume ≤ what the type holds. Boxes are the active types other than the paper bag, smallest
 * first (volume, then code); when none fits, the largest box. Without any box, the paper bag; without any active type,
 * null (the caller refuses).
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';

export const PAPER_BAG = 'PB';
export const X_CARTON = 'XL';
/** The part of a carton's inner volume that goods fill. */
export const FILL = 0.8;

/** An active carton type and its inner volume (m³). */
export interface CartonTypeVolume {
  cartonType: string;
  volume: number;
}

/** What the rule reads of one remaining pack line. */
export interface RuleLine {
  lineNumber: number;
  itemNumber: string;
  qty: number;
  unitVolume: number | null;
  defaultCartonType: string | null;
  isSpecialSize: string;
  useXcarton: string;
  minqtyToUseXcarton: number | null;
}

/** Which branch of the rule chose the type. */
export type CartonRule = 'xcarton' | 'alone' | 'paperBag' | 'volume';

export interface RuleAnswer {
  cartonType: string;
  rule: CartonRule;
}

const volumeOf = (lines: readonly RuleLine[]) => lines.reduce((sum, l) => sum + (l.unitVolume ?? 0) * l.qty, 0);
const fits = (volume: number, type: CartonTypeVolume) => volume <= type.volume * FILL + 1e-12;

/** The smallest box `volume` fits, else the largest box; null without boxes. */
function smallestBox(volume: number, boxes: readonly CartonTypeVolume[]): string | null {
  return (boxes.find((b) => fits(volume, b)) ?? boxes.at(-1))?.cartonType ?? null;
}

/** The rule (see the file comment); `types` are the warehouse's active types. */
export function chooseCartonType(lines: readonly RuleLine[], types: readonly CartonTypeVolume[]): RuleAnswer | null {
  const sorted = [...types].sort((a, b) => a.volume - b.volume || a.cartonType.localeCompare(b.cartonType));
  const boxes = sorted.filter((t) => t.cartonType !== PAPER_BAG);
  const bag = sorted.find((t) => t.cartonType === PAPER_BAG);
  const ordered = [...lines].sort((a, b) => a.lineNumber - b.lineNumber);

  if (sorted.some((t) => t.cartonType === X_CARTON)) {
    const perItem = new Map<string, number>();
    for (const l of ordered) perItem.set(l.itemNumber, (perItem.get(l.itemNumber) ?? 0) + l.qty);
    const big = ordered.find((l) => l.useXcarton === 'Y' && (perItem.get(l.itemNumber) ?? 0) >= (l.minqtyToUseXcarton ?? 0));
    if (big) return { cartonType: X_CARTON, rule: 'xcarton' };
  }
  const alone = ordered.find((l) => l.isSpecialSize === 'Y' || l.defaultCartonType === 'N');
  if (alone && boxes.length > 0) {
    const own = ordered.filter((l) => l.itemNumber === alone.itemNumber && l.lineNumber === alone.lineNumber);
    return { cartonType: smallestBox(volumeOf(own), boxes) as string, rule: 'alone' };
  }
  const total = volumeOf(ordered);
  if (bag && ordered.length > 0 && ordered.every((l) => l.defaultCartonType === 'P') && fits(total, bag)) {
    return { cartonType: PAPER_BAG, rule: 'paperBag' };
  }
  const box = smallestBox(total, boxes) ?? bag?.cartonType ?? null;
  return box === null ? null : { cartonType: box, rule: 'volume' };
}

/** The warehouse's active carton types with their inner volume (the rule's one query). */
export async function activeCartonTypes(trx: Trx, whId: string): Promise<CartonTypeVolume[]> {
  const { rows } = await sql<{ cartonType: string; volume: string }>`
    select carton_type, (coalesce(length, 0) * coalesce(width, 0) * coalesce(height, 0))::text as volume
    from tbl_carton_type where wh_id = ${whId} and status = 'A' order by carton_type`.execute(trx);
  return rows.map((r) => ({ cartonType: r.cartonType, volume: Number(r.volume) }));
}
