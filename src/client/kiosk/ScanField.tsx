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

/** How fresh a burst cut by a screen change must be to go on in the next field: a scanner's keys are ms apart. */
const CARRY_MS = 150;
/** The keys of a burst whose field went away mid-scan (the screen changed under it), for the field that follows. */
let carried: { text: string; at: number } | null = null;

/**
 * The station's scanner input: keeps the focus (taken back whenever no other field holds it), so a wedge burst always
 * lands here; the text is cleared after each scan, so the next one never glues onto it. A GS1 separator sent as a key
 * is kept (useWedgeScanner). The field stays live during a refusal's red flash: every scan is processed (issue 25).
 * When the screen changes in the middle of a burst (the delivery found while its first carton is being scanned), the
 * keys typed so far go on in the next screen's field, so the scan arrives whole.
 */
export function ScanField({ onScan, label, hidden, disabled, testId = 'kiosk-scan' }: Props) {
  const ref = useRef<HTMLInputElement | null>(null);
  const lastKeyAt = useRef(Number.NEGATIVE_INFINITY);
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

  // A burst cut short by the field before this one goes on here; this one's, when it goes away mid-burst, goes on next.
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && carried && performance.now() - carried.at <= CARRY_MS) field.value = carried.text;
    carried = null;
    return () => {
      const now = performance.now();
      if (field?.value && now - lastKeyAt.current <= CARRY_MS) carried = { text: field.value, at: now };
    };
  }, []);

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
      onInput={() => {
        lastKeyAt.current = performance.now();
      }}
    />
  );
}
