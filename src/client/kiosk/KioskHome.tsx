import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { KIOSK_FLOWS, type KioskFlow, type StationConfig } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { kiosk } from './kioskState';
import { outbox } from './outbox';

const FLOW_ICON: Record<KioskFlow, string> = {
  HANDOVER: 'truck',
  RECEIVE: 'box-arrow-in-down',
  LOOKUP: 'search',
  SIGN: 'pen',
};

const FLOW_PATH: Record<KioskFlow, string> = { HANDOVER: '/handover', RECEIVE: '/receive', LOOKUP: '/lookup', SIGN: '/sign' };

/** The signed-in worker's flows at this station as big tiles, and the hand-overs still waiting to be sent. */
export function KioskHome({ station }: { station: StationConfig }) {
  const t = useT();
  const { flows } = useSnapshot(kiosk);
  const { pending, refused } = useSnapshot(outbox);
  const [, setLocation] = useLocation();
  const shown = KIOSK_FLOWS.filter((flow) => flows.includes(flow) && station.flows.includes(flow));
  return (
    <div className="kiosk-home" data-testid="kiosk-home-screen">
      {pending > 0 && (
        <p className="kiosk-outbox" data-testid="kiosk-outbox" role="status">
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
      <div className="kiosk-tiles">
        {shown.map((flow) => (
          <button
            key={flow}
            type="button"
            className="kiosk-tile"
            data-testid={`kiosk-tile-${flow}`}
            onClick={() => setLocation(FLOW_PATH[flow])}
          >
            <SlIcon name={FLOW_ICON[flow]} />
            <span className="kiosk-tile-title">{t(`kiosk.flow.${flow}`)}</span>
            <span className="kiosk-tile-hint">{t(`kiosk.flow.${flow}.hint`)}</span>
          </button>
        ))}
      </div>
      {shown.length === 0 && <p className="kiosk-empty">{t('kiosk.noFlows')}</p>}
    </div>
  );
}
