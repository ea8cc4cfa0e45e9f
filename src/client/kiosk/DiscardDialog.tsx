import { useEffect, useId, useRef } from 'react';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';

interface Props {
  /** Cartons scanned so far (they no longer count once discarded). */
  cartons: number;
  /** Whether the driver has signed (the signature goes too). */
  signed: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

/**
 * "放弃本次交接？ / Discard this hand-over?" over the whole screen, in the station's style: two big buttons, keeping the
 * hand-over the first and focused (Enter or a scanner's Enter never discards), Escape keeps it too.
 */
export function DiscardDialog({ cartons, signed, onKeep, onDiscard }: Props) {
  const t = useT();
  const title = useId();
  const keep = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    keep.current?.focus({ preventScroll: true });
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onKeep();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [onKeep]);
  return (
    <div className="kiosk-ask" role="alertdialog" aria-modal="true" aria-labelledby={title} data-testid="kiosk-discard-dialog">
      <div className="kiosk-ask-box">
        <SlIcon name="exclamation-triangle" className="kiosk-ask-icon" />
        <h2 id={title} className="kiosk-ask-title">
          {t('kiosk.discard.title')}
        </h2>
        {cartons > 0 && <p>{t('kiosk.discard.cartons', { count: cartons })}</p>}
        {signed && <p>{t('kiosk.discard.signature')}</p>}
        <div className="kiosk-ask-actions">
          <button
            ref={keep}
            type="button"
            className="kiosk-button kiosk-primary"
            data-testid="kiosk-discard-keep"
            onClick={onKeep}
          >
            {t('kiosk.discard.keep')}
          </button>
          <button type="button" className="kiosk-button kiosk-danger" data-testid="kiosk-discard-yes" onClick={onDiscard}>
            {t('kiosk.discard.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
