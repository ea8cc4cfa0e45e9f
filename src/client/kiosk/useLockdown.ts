/**
 * The station's lock-down while a kiosk screen shows (issue 16 "Locked down"): no context menu, no pinch or ctrl+wheel
 * zoom, no browser zoom keys, and full screen on the first touch (the launcher starts Chromium in kiosk mode anyway;
 * this covers a station opened in a plain window).
 */
import { useEffect } from 'react';

export function useLockdown(): void {
  useEffect(() => {
    const block = (event: Event) => event.preventDefault();
    const wheel = (event: WheelEvent) => {
      if (event.ctrlKey) event.preventDefault();
    };
    const keys = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && ['+', '-', '=', '0', 'p', 's', 'o'].includes(event.key)) event.preventDefault();
    };
    const pinch = (event: TouchEvent) => {
      if (event.touches.length > 1) event.preventDefault();
    };
    const fullScreen = () => {
      // Browser tests drive a fixed viewport; a real station goes full screen on its first touch.
      if (navigator.webdriver || document.fullscreenElement) return;
      document.documentElement.requestFullscreen?.().catch(() => undefined);
    };
    document.addEventListener('contextmenu', block);
    document.addEventListener('gesturestart', block);
    document.addEventListener('wheel', wheel, { passive: false });
    document.addEventListener('touchmove', pinch, { passive: false });
    document.addEventListener('keydown', keys);
    document.addEventListener('pointerdown', fullScreen);
    document.documentElement.classList.add('kiosk-locked');
    return () => {
      document.removeEventListener('contextmenu', block);
      document.removeEventListener('gesturestart', block);
      document.removeEventListener('wheel', wheel);
      document.removeEventListener('touchmove', pinch);
      document.removeEventListener('keydown', keys);
      document.removeEventListener('pointerdown', fullScreen);
      document.documentElement.classList.remove('kiosk-locked');
    };
  }, []);
}
