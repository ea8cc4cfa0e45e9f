import { useSnapshot } from 'valtio';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { outbox } from './outbox';

/**
 * How many signed hand-overs wait on this station to be sent, and how many the server refused — on the home screen and
 * on the sign-in screen too: the outbox sends with the station's own credentials, nobody signed in (issue 25 item 4).
 */
export function OutboxStatus() {
  const t = useT();
  const { pending, refused } = useSnapshot(outbox);
  return (
    <>
      {pending > 0 && (
        <p className="kiosk-outbox" data-testid="kiosk-outbox" data-count={pending} role="status">
          <SlIcon name="cloud-arrow-up" />
          {t('kiosk.outbox.pending', { count: pending })}
        </p>
      )}
      {refused > 0 && (
        <p className="kiosk-outbox kiosk-outbox-refused" data-testid="kiosk-outbox-refused">
          <SlIcon name="exclamation-octagon" />
          {t('kiosk.outbox.refused', { count: refused })}
        </p>
      )}
    </>
  );
}
