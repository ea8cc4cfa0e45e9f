import { useSnapshot } from 'valtio';
import { useT } from '../kit/i18n';
import { handoverDraft } from './handoverDraft';

/** The last seconds before an idle sign-out, over the whole screen: any touch keeps the session. */
export function IdleWarning({ seconds }: { seconds: number }) {
  const t = useT();
  const { current: draft } = useSnapshot(handoverDraft);
  return (
    <div className="kiosk-idle" data-testid="kiosk-idle" role="alert">
      <div className="kiosk-idle-count" data-testid="kiosk-idle-count">
        {seconds}
      </div>
      <p>{t('kiosk.idle.warning', { seconds })}</p>
      {draft && (
        <p className="kiosk-idle-hint" data-testid="kiosk-idle-draft">
          {t('kiosk.idle.draftKept', { delivery: draft.delivery.deliveryNumber })}
        </p>
      )}
      <p className="kiosk-idle-hint">{t('kiosk.idle.touch')}</p>
    </div>
  );
}
