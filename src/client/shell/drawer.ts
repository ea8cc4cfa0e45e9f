/**
 * The side menu as a drawer (issue 10 item 10): at 1024 px wide and below the menu leaves the page its whole width
 * and slides in over it from the header's menu button; choosing a screen, the backdrop or Escape closes it.
 */
import { proxy } from 'valtio';

export const NARROW_QUERY = '(max-width: 1024px)';

const query = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(NARROW_QUERY) : null);

export const drawer = proxy({ narrow: query()?.matches ?? false, open: false });

/** Follows the window's width; answers the function that stops following it (a React effect's cleanup). */
export function followNarrowScreen(): () => void {
  const list = query();
  if (!list) return () => undefined;
  const update = () => {
    drawer.narrow = list.matches;
    if (!list.matches) drawer.open = false;
  };
  update();
  list.addEventListener('change', update);
  return () => list.removeEventListener('change', update);
}

export function setDrawerOpen(open: boolean): void {
  drawer.open = open;
}
