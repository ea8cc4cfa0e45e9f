import type { KioskDelivery } from '../../shared/kiosk';
import { useT } from '../kit/i18n';

interface Props {
  delivery: KioskDelivery;
  driverName: string;
  vehiclePlate: string;
  /** The signature as a data: URL. */
  signatureUrl: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/** What the driver confirms: the delivery, the cartons, the names and the signature. */
export function HandoverPreview({ delivery, driverName, vehiclePlate, signatureUrl, busy, onBack, onConfirm }: Props) {
  const t = useT();
  return (
    <section className="kiosk-preview" data-testid="kiosk-preview">
      <dl className="kiosk-preview-facts">
        <dt>{t('kiosk.handover.delivery')}</dt>
        <dd data-testid="kiosk-preview-delivery">{delivery.deliveryNumber}</dd>
        <dt>{t('kiosk.handover.carrier')}</dt>
        <dd>{delivery.carrierName || delivery.carrierCode}</dd>
        <dt>{t('kiosk.handover.driverName')}</dt>
        <dd data-testid="kiosk-preview-driver">{driverName}</dd>
        <dt>{t('kiosk.handover.vehiclePlate')}</dt>
        <dd>{vehiclePlate}</dd>
        <dt>{t('kiosk.handover.cartons')}</dt>
        <dd>
          {delivery.cartons.length} · {delivery.cartons.map((carton) => carton.cartonNumber).join(', ')}
        </dd>
      </dl>
      <img
        className="kiosk-preview-signature"
        data-testid="kiosk-preview-signature"
        src={signatureUrl}
        alt={t('kiosk.handover.signature')}
      />
      <div className="kiosk-actions">
        <button type="button" className="kiosk-button" data-testid="kiosk-back" disabled={busy} onClick={onBack}>
          {t('kiosk.back')}
        </button>
        <button
          type="button"
          className="kiosk-button kiosk-primary"
          data-testid="kiosk-confirm"
          disabled={busy}
          onClick={onConfirm}
        >
          {t('kiosk.handover.confirm')}
        </button>
      </div>
    </section>
  );
}
