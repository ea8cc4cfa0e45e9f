/**
 * A home tile opens its flow on a single short tap only (issue 25 item 10): not on a long press (held longer than
 * LONG_PRESS_MS, or one the browser turns into a context menu), nor when a second finger touches the screen during the
 * press (a pinch). Keyboard activation (Enter or Space on a focused tile: a click with no press) still opens.
 */
import { type MouseEvent, type PointerEvent, useEffect, useRef } from 'react';

/** A press held longer than this (ms) is a long press, not a tap. */
export const LONG_PRESS_MS = 500;

interface Press {
  pointerId: number;
  at: number;
  /** A second finger, a context menu or a cancelled pointer: no tap. */
  spoiled: boolean;
}

/** Spread `tapProps(action)` on a button: `action` runs on a single short tap (or a keyboard click). */
export function useSingleTap() {
  const press = useRef<Press | null>(null);

  useEffect(() => {
    // Anywhere on the screen: a second finger (not the primary pointer) makes a gesture of the press.
    const other = (event: globalThis.PointerEvent) => {
      const current = press.current;
      if (current && (!event.isPrimary || event.pointerId !== current.pointerId)) current.spoiled = true;
    };
    const spoil = () => {
      if (press.current) press.current.spoiled = true;
    };
    document.addEventListener('pointerdown', other, true);
    document.addEventListener('contextmenu', spoil, true);
    return () => {
      document.removeEventListener('pointerdown', other, true);
      document.removeEventListener('contextmenu', spoil, true);
    };
  }, []);

  return (action: () => void) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      press.current = { pointerId: event.pointerId, at: event.timeStamp, spoiled: !event.isPrimary };
    },
    onPointerCancel: () => {
      if (press.current) press.current.spoiled = true;
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      const current = press.current;
      press.current = null;
      // No pointer made this click (detail 0): the keyboard (Enter, Space) or assistive technology.
      if (event.detail === 0 || !current) {
        action();
        return;
      }
      if (current.spoiled || event.timeStamp - current.at > LONG_PRESS_MS) return;
      action();
    },
  });
}
