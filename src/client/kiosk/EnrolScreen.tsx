import { useT } from '../kit/i18n';
import { LanguageToggle } from './LanguageToggle';

/** A station waiting to be bound: the one-time code, huge, and what to do with it. */
export function EnrolScreen({ code }: { code: string | null }) {
  const t = useT();
  return (
    <div className="kiosk-page kiosk-enrol" data-testid="kiosk-enrol">
      <header className="kiosk-bar">
        <div className="kiosk-bar-title">{t('kiosk.enrol.title')}</div>
        <LanguageToggle />
      </header>
      <main className="kiosk-enrol-main">
        <p className="kiosk-enrol-lead">{t('kiosk.enrol.lead')}</p>
        <div className="kiosk-enrol-code" data-testid="kiosk-enrol-code">
          {code ?? '…'}
        </div>
        <p className="kiosk-enrol-hint">{t('kiosk.enrol.hint')}</p>
      </main>
    </div>
  );
}
