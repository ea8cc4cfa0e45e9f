import { useSnapshot } from 'valtio';
import { useT } from '../../kit/i18n';
import { SlIcon } from '../../kit/sl';
import { connection } from './connection';

/**
 * The station's offline state (issue 25 item 14), on its home and its sign-in screen: the server cannot be reached, what
 * needs it waits, and signed hand-overs are kept and sent when the network is back (the outbox count beside it).
 */
export function OfflineNotice() {
  const t = useT();
  const { offline } = useSnapshot(connection);
  if (!offline) return null;
  return (
    <p className="kiosk-offline" data-testid="kiosk-offline" role="status">
      <SlIcon name="wifi-off" />
      <strong>{t('kiosk.offline.title')}</strong>
      <span>{t('kiosk.offline.hint')}</span>
    </p>
  );
}
