import { useLocation } from 'wouter';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import type { HandoverOutcome } from './HandoverScreen';

/** What the result says: shipped, kept on the station, refused, not stored — or, answered, attached or kept unattached. */
type ResultKind = Exclude<HandoverOutcome['kind'], 'sent'> | 'sent' | 'attached' | 'unattached';

const ICON: Record<ResultKind, string> = {
  sent: 'check-circle-fill',
  attached: 'check-circle',
  unattached: 'exclamation-triangle',
  saved: 'cloud-arrow-up',
  refused: 'x-octagon',
  unsaved: 'exclamation-octagon',
};

const kindOf = (outcome: HandoverOutcome): ResultKind =>
  outcome.kind !== 'sent' || outcome.answer.outcome === 'shipped' ? outcome.kind : outcome.answer.outcome;

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
  const kind = kindOf(outcome);
  const text = (() => {
    switch (outcome.kind) {
      case 'sent': {
        const { answer } = outcome;
        // The server has the signature whatever became of the delivery (src/server/modules/kiosk/README.md "A proof of delivery is never only in a browser").
        if (answer.outcome === 'attached') return t('kiosk.handover.attached', { delivery: answer.deliveryNumber });
        if (answer.outcome === 'unattached')
          return t('kiosk.handover.kept', { delivery: answer.deliveryNumber, reason: answer.reason, id: answer.unattachedId });
        return t('kiosk.handover.shipped', { delivery: answer.deliveryNumber, cartons: answer.cartons });
      }
      case 'saved':
        return t('kiosk.handover.saved', { delivery: deliveryNumber });
      case 'refused':
        return t('kiosk.handover.refused', { delivery: deliveryNumber, message: outcome.message });
      case 'unsaved':
        return outcome.message;
    }
  })();
  return (
    <section className={`kiosk-result kiosk-result-${kind}`} data-testid="kiosk-result" data-kind={kind} role="status">
      <SlIcon name={ICON[kind]} className="kiosk-big-icon" />
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
