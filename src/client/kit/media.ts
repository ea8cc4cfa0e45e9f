/** Follows a CSS media query from React (the console's layout decisions that CSS alone cannot make). */
import { useSyncExternalStore } from 'react';

/** A phone held upright: too narrow for a row of buttons beside a table's key column. */
export const PHONE_QUERY = '(max-width: 600px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
  );
}
