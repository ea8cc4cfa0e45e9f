import { useRef, useState } from 'react';
import type { KioskDelivery } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { OnScreenKeyboard } from './OnScreenKeyboard';

interface Props {
  delivery: KioskDelivery;
  driverName: string;
  vehiclePlate: string;
  onChange: (values: { driverName: string; vehiclePlate: string }) => void;
  onBack: () => void;
  onNext: () => void;
}

const MAX_NAME = 60;
const MAX_PLATE = 20;

/**
 * The driver's name and the vehicle's plate; the carrier is the delivery's (shown, not changed here). The kiosk's own
 * keys below type into the field last touched: for the name, Latin (shift, space) or Chinese by pinyin; for the plate,
 * its province, letters and digits. The fields ask the OS for no touch keyboard of its own (`inputmode="none"`); a
 * physical keyboard still types into them.
 */
export function HandoverDetails({ delivery, driverName, vehiclePlate, onChange, onBack, onNext }: Props) {
  const t = useT();
  const [target, setTarget] = useState<'driverName' | 'vehiclePlate'>('driverName');
  const nameRef = useRef<HTMLInputElement | null>(null);
  const plateRef = useRef<HTMLInputElement | null>(null);
  const values = { driverName, vehiclePlate };
  const max = target === 'driverName' ? MAX_NAME : MAX_PLATE;
  const type = (change: (value: string) => string) => {
    onChange({ ...values, [target]: change(values[target]).slice(0, max) });
    (target === 'driverName' ? nameRef : plateRef).current?.focus({ preventScroll: true });
  };
  const ready = driverName.trim() !== '' && vehiclePlate.trim() !== '';

  return (
    <section className="kiosk-details" data-testid="kiosk-details">
      <div className="kiosk-details-fields">
        <label className="kiosk-input-label">
          {t('kiosk.handover.driverName')}
          <input
            ref={nameRef}
            className="kiosk-input"
            data-testid="kiosk-driver-name"
            value={driverName}
            maxLength={MAX_NAME}
            autoComplete="off"
            inputMode="none"
            onFocus={() => setTarget('driverName')}
            onChange={(event) => onChange({ ...values, driverName: event.target.value })}
          />
        </label>
        <div className="kiosk-input-label">
          {t('kiosk.handover.carrier')}
          <div className="kiosk-input kiosk-input-readonly" data-testid="kiosk-carrier">
            {delivery.carrierName || delivery.carrierCode} ({delivery.carrierCode})
          </div>
        </div>
        <label className="kiosk-input-label">
          {t('kiosk.handover.vehiclePlate')}
          <input
            ref={plateRef}
            className="kiosk-input"
            data-testid="kiosk-plate"
            value={vehiclePlate}
            maxLength={MAX_PLATE}
            autoComplete="off"
            autoCapitalize="characters"
            inputMode="none"
            onFocus={() => setTarget('vehiclePlate')}
            onChange={(event) => onChange({ ...values, vehiclePlate: event.target.value.toUpperCase() })}
          />
        </label>
      </div>
      <OnScreenKeyboard
        layout={target === 'driverName' ? 'name' : 'plate'}
        onKey={(key) => type((value) => value + key)}
        onBackspace={() => type((value) => value.slice(0, -1))}
      />
      <div className="kiosk-actions">
        <button type="button" className="kiosk-button" data-testid="kiosk-back" onClick={onBack}>
          {t('kiosk.back')}
        </button>
        <button type="button" className="kiosk-button kiosk-primary" data-testid="kiosk-next" disabled={!ready} onClick={onNext}>
          {t('kiosk.handover.toSign')}
        </button>
      </div>
    </section>
  );
}
