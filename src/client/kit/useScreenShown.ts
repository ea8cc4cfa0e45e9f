import { useLocation } from 'wouter';

/**
 * Whether the screen of a menu url (`Wms/Putaway`) is the one showing. A screen kept alive across tabs stays mounted
 * while another shows: it reads its data again when this turns true, so it never shows what changed meanwhile.
 */
export function useScreenShown(url: string): boolean {
  const [location] = useLocation();
  return location === `/${url}`;
}
