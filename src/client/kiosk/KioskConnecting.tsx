import { useT } from '../kit/i18n';
import { SlSpinner } from '../kit/sl';

/** While the station asks the server what it is (at start, or without a network and nothing known yet). */
export function KioskConnecting() {
  const t = useT();
  return (
    <div className="kiosk-page kiosk-connecting" data-testid="kiosk-checking">
      <SlSpinner />
      <p>{t('kiosk.connecting')}</p>
    </div>
  );
}
