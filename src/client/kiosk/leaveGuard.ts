/**
 * A hand-over in progress — cartons scanned, a signature drawn — is never left silently (issue 25 items 9 and 10):
 *
 * - a history Back (Alt+←, a mouse's back button, a swipe, `history.back()`) keeps the station on its page: while a
 *   hand-over is in progress an extra history entry (same address) sits on top, and a `popstate` that leaves it puts it
 *   back at once — before the router can change the screen — and asks whether to discard;
 * - the top bar's Home and Sign out ask the same (`leave`);
 * - a reload or a close gets the browser's `beforeunload` question (a signed draft is kept anyway: handoverDraft.ts).
 */
import { useEffect, useRef } from 'react';

/** What the screen in progress does when something would leave it: ask, then run `next` if the worker discards. */
export type AskBeforeLeaving = (next: () => void) => void;

let asker: AskBeforeLeaving | null = null;

/** Runs `next` (go home, sign out) now, or once the worker has agreed to discard the hand-over in progress. */
export function leave(next: () => void): void {
  if (asker) asker(next);
  else next();
}

/** Marks the extra history entry pushed while a hand-over is in progress. */
const GUARD_KEY = 'wharfKioskGuard';

const isGuardEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_KEY] === true;

/**
 * While `active`, guards the screen: `ask(next)` is called instead of leaving; `onBack` is the `next` of a history
 * Back (where the Back would have gone: home).
 */
export function useLeaveGuard(active: boolean, ask: AskBeforeLeaving, onBack: () => void): void {
  const latest = useRef({ ask, onBack });
  latest.current = { ask, onBack };

  useEffect(() => {
    if (!active) return;
    const here = location.href;
    if (!isGuardEntry(history.state)) history.pushState({ ...(history.state ?? {}), [GUARD_KEY]: true }, '', here);
    const back = (event: PopStateEvent) => {
      // Forward onto the guard entry again: nothing left.
      if (isGuardEntry(event.state) && location.href === here) return;
      // Back (one entry or more): the guard entry again, at this address, in the same task as the popstate.
      history.pushState({ ...(history.state ?? {}), [GUARD_KEY]: true }, '', here);
      latest.current.ask(() => latest.current.onBack());
    };
    const unload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    asker = (next) => latest.current.ask(next);
    // Capture: before the router's own popstate listener (at the window, capturing listeners run first).
    window.addEventListener('popstate', back, { capture: true });
    window.addEventListener('beforeunload', unload);
    return () => {
      window.removeEventListener('popstate', back, { capture: true });
      window.removeEventListener('beforeunload', unload);
      asker = null;
    };
  }, [active]);
}
