/**
 * Where the units of a pack line wait at the staging location (README "Carton picking", "Packing from a pallet lane").
 * A pallet staging lane (`item_hu_indicator` H) keeps the pallet id of what was picked from a pallet, so an order's
 * picked units of one pick detail × lot × attribute id may wait on several pallets and off any pallet. Each order's
 * share of each place is what its pick tasks put there; every carton pick of the order takes its shares in one fixed
 * order — off any pallet first, then pallet by pallet (id order) — so what the order's earlier cartons took from each
 * place follows from the quantity packed alone, and two orders sharing a pallet never take each other's units.
 */

/** One place of the staging location: a pallet (null: off any pallet) and the order's units picked onto it (milli). */
export interface StagedShare {
  huId: string | null;
  milli: bigint;
}

/** Off any pallet first, then pallet id order. */
export function shareOrder(a: StagedShare, b: StagedShare): number {
  if (a.huId === b.huId) return 0;
  if (a.huId === null) return -1;
  if (b.huId === null) return 1;
  return a.huId < b.huId ? -1 : 1;
}

/** The smaller of two quantities in milli (Math.min takes numbers, not bigint). */
const smaller = (a: bigint, b: bigint): bigint => {
  if (a < b) return a;
  return b;
};

/**
 * The parts a carton pick of `qty` takes, place by place, after `packed` of the shares was taken by earlier cartons.
 * A quantity beyond the shares (which the caller's remaining check refuses first) is asked of the last place, where
 * the ledger refuses it.
 */
export function takeFromShares(shares: readonly StagedShare[], packed: bigint, qty: bigint): StagedShare[] {
  const ordered = [...shares].sort(shareOrder);
  const parts: StagedShare[] = [];
  let skip = packed;
  let left = qty;
  for (const share of ordered) {
    if (left <= 0n) break;
    const used = smaller(skip, share.milli);
    skip -= used;
    const free = share.milli - used;
    if (free <= 0n) continue;
    const take = smaller(free, left);
    parts.push({ huId: share.huId, milli: take });
    left -= take;
  }
  if (left > 0n) {
    const last = parts.at(-1);
    if (last) last.milli += left;
    else parts.push({ huId: ordered.at(-1)?.huId ?? null, milli: left });
  }
  return parts;
}
