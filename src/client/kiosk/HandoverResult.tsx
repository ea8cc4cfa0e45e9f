import { useLocation } from 'wouter';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import type { HandoverOutcome } from './HandoverScreen';

const ICON: Record<HandoverOutcome['kind'], string> = {
  sent: 'check-circle-fill',
  saved: 'cloud-arrow-up',
  refused: 'x-octagon',
  unsaved: 'exclamation-octagon',
};

/** How the confirmed hand-over ended, and the way on: the next delivery, or home. */
export function HandoverResult({
  outcome,
  deliveryNumber,
  onNext,
}: {
  outcome: HandoverOutcome;
  deliveryNumber: string;
  onNext: () => void;
}) {
  const t = useT();
  const [, setLocation] = useLocation();
  const text = (() => {
    switch (outcome.kind) {
      case 'sent':
        return t('kiosk.handover.shipped', { delivery: outcome.answer.deliveryNumber, cartons: outcome.answer.cartons });
      case 'saved':
        return t('kiosk.handover.saved', { delivery: deliveryNumber });
      case 'refused':
        return t('kiosk.handover.refused', { delivery: deliveryNumber, message: outcome.message });
      case 'unsaved':
        return outcome.message;
    }
  })();
  return (
    <section
      className={`kiosk-result kiosk-result-${outcome.kind}`}
      data-testid="kiosk-result"
      data-kind={outcome.kind}
      role="status"
    >
      <SlIcon name={ICON[outcome.kind]} className="kiosk-big-icon" />
      <p className="kiosk-result-text">{text}</p>
      {outcome.kind === 'saved' && <p className="kiosk-result-hint">{t('kiosk.handover.savedHint')}</p>}
      <div className="kiosk-actions">
        <button type="button" className="kiosk-button" data-testid="kiosk-result-home" onClick={() => setLocation('/')}>
          {t('kiosk.home')}
        </button>
        <button type="button" className="kiosk-button kiosk-primary" data-testid="kiosk-result-next" onClick={onNext}>
          {t('kiosk.handover.nextDelivery')}
        </button>
      </div>
    </section>
  );
}
