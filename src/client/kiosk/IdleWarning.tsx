import { useT } from '../kit/i18n';

/** The last seconds before an idle sign-out, over the whole screen: any touch keeps the session. */
export function IdleWarning({ seconds }: { seconds: number }) {
  const t = useT();
  return (
    <div className="kiosk-idle" data-testid="kiosk-idle" role="alert">
      <div className="kiosk-idle-count" data-testid="kiosk-idle-count">
        {seconds}
      </div>
      <p>{t('kiosk.idle.warning', { seconds })}</p>
      <p className="kiosk-idle-hint">{t('kiosk.idle.touch')}</p>
    </div>
  );
}
