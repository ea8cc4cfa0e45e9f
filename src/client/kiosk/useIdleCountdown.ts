/**
 * Idle sign-out (issue 16): the seconds left before a station session ends for want of a touch, a key or a scan.
 * Every pointer, key or wheel event starts the time again; at zero `onIdle` runs once.
 */
import { useEffect, useRef, useState } from 'react';

/** Seconds left, or null while nobody is signed in (`seconds` null). */
export function useIdleCountdown(seconds: number | null, onIdle: () => void): number | null {
  const [left, setLeft] = useState<number | null>(seconds);
  const latest = useRef(onIdle);
  latest.current = onIdle;

  useEffect(() => {
    if (seconds === null) {
      setLeft(null);
      return;
    }
    let lastActive = Date.now();
    let ended = false;
    setLeft(seconds);
    const active = () => {
      lastActive = Date.now();
      setLeft(seconds);
    };
    const tick = () => {
      if (ended) return;
      const remaining = Math.max(0, Math.ceil(seconds - (Date.now() - lastActive) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        ended = true;
        latest.current();
      }
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, active, { capture: true, passive: true });
    const timer = setInterval(tick, 1000);
    return () => {
      clearInterval(timer);
      for (const name of events) window.removeEventListener(name, active, { capture: true });
    };
  }, [seconds]);

  return left;
}
