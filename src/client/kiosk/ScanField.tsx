import { useLayoutEffect, useRef } from 'react';
import { useWedgeScanner } from '../kit/useWedgeScanner';

interface Props {
  /** A scan, or what was typed when Enter came (a hardware keyboard at the station). */
  onScan: (text: string) => void;
  label: string;
  /** Visually hidden (the sign-in screen: the badge burst lands here unseen). */
  hidden?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * The station's scanner input: keeps the focus (taken back whenever no other field holds it), so a wedge burst always
 * lands here; the text is cleared after each scan, so the next one never glues onto it. A GS1 separator sent as a key
 * is kept (useWedgeScanner). The field stays live during a refusal's red flash: every scan is processed (issue 25).
 */
export function ScanField({ onScan, label, hidden, disabled, testId = 'kiosk-scan' }: Props) {
  const ref = useRef<HTMLInputElement | null>(null);
  const take = (text: string) => {
    const value = text.trim();
    if (ref.current) ref.current.value = '';
    if (value) onScan(value);
  };
  const onKeyDown = useWedgeScanner({
    onScan: take,
    onEnter: () => take(ref.current?.value ?? ''),
    onDuplicate: () => {
      if (ref.current) ref.current.value = '';
    },
  });

  // At commit, not after paint: a burst that goes on while the screen changes lands here, not on the page.
  useLayoutEffect(() => {
    if (disabled) return;
    const refocus = () => {
      const active = document.activeElement;
      // Another field (the driver's name, the plate) keeps its focus; anything else gives it back.
      if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
      ref.current?.focus({ preventScroll: true });
    };
    refocus();
    const timer = setInterval(refocus, 500);
    document.addEventListener('pointerup', refocus);
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerup', refocus);
    };
  }, [disabled]);

  return (
    <input
      ref={ref}
      className={hidden ? 'kiosk-scan kiosk-scan-hidden' : 'kiosk-scan'}
      data-testid={testId}
      aria-label={label}
      placeholder={hidden ? undefined : label}
      disabled={disabled}
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      // No on-screen keyboard pops up for a field that only a scanner fills.
      inputMode="none"
      onKeyDown={onKeyDown}
    />
  );
}
