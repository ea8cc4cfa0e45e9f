/**
 * The address of a screen opened from another (spec 001 §2: "Navigation between screens also carries a timestamp query
 * value so that repeated visits reload"): its query values, then `t`, the time of opening. A screen's tab stays mounted
 * while others show, so the new `t` is how it tells a new opening — even of the same document — from going back to its
 * tab, and reads its document afresh (`useScreenVisit`).
 */
export function screenUrl(screen: string, query: Readonly<Record<string, unknown>>, now: number = Date.now()): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value ?? ''));
  params.set('t', String(now));
  return `${screen}?${params.toString()}`;
}

/** The opening a screen's address names: its `t` value ('' when it was opened without one, e.g. from the menu). */
export function visitOf(search: string): string {
  return new URLSearchParams(search).get('t') ?? '';
}
