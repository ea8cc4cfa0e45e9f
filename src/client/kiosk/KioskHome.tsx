import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { KIOSK_FLOWS, type KioskFlow, type StationConfig } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { DiscardDialog } from './DiscardDialog';
import { draftOf, dropDraft, handoverDraft } from './handoverDraft';
import { kiosk } from './kioskState';
import { OutboxStatus } from './OutboxStatus';
import { connection } from './offline/connection';
import { OfflineNotice } from './offline/OfflineNotice';
import { useSingleTap } from './useSingleTap';

const FLOW_ICON: Record<KioskFlow, string> = {
  HANDOVER: 'truck',
  RECEIVE: 'box-arrow-in-down',
  LOOKUP: 'search',
  SIGN: 'pen',
};

const FLOW_PATH: Record<KioskFlow, string> = { HANDOVER: '/handover', RECEIVE: '/receive', LOOKUP: '/lookup', SIGN: '/sign' };

/**
 * The signed-in worker's flows at this station as big tiles (opened by a single short tap: useSingleTap), the
 * hand-overs still waiting to be sent, and a signed hand-over not yet confirmed (discarded only once confirmed).
 */
export function KioskHome({ station }: { station: StationConfig }) {
  const t = useT();
  const { flows } = useSnapshot(kiosk);
  useSnapshot(handoverDraft);
  // Offline, every flow waits for the server (the signing tool's pdf.js is not kept offline); a kept draft can still be
  // confirmed: it goes to the outbox.
  const { offline } = useSnapshot(connection);
  const draft = draftOf(station.id);
  const [, setLocation] = useLocation();
  const tapProps = useSingleTap();
  const [asking, setAsking] = useState(false);
  const keep = useCallback(() => setAsking(false), []);
  const shown = KIOSK_FLOWS.filter((flow) => flows.includes(flow) && station.flows.includes(flow));
  return (
    <div className="kiosk-home" data-testid="kiosk-home-screen">
      <OfflineNotice />
      <OutboxStatus />
      {draft && shown.includes('HANDOVER') && (
        <div className="kiosk-draft" data-testid="kiosk-draft" role="status">
          <SlIcon name="pen" />
          <p>{t('kiosk.draft.offer', { delivery: draft.delivery.deliveryNumber, driver: draft.driverName })}</p>
          <button type="button" className="kiosk-button" data-testid="kiosk-draft-discard" onClick={() => setAsking(true)}>
            {t('kiosk.draft.discard')}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-primary"
            data-testid="kiosk-draft-resume"
            onClick={() => setLocation(FLOW_PATH.HANDOVER)}
          >
            {t('kiosk.draft.resume')}
          </button>
        </div>
      )}
      <div className="kiosk-tiles">
        {shown.map((flow) => (
          <button
            key={flow}
            type="button"
            className="kiosk-tile"
            data-testid={`kiosk-tile-${flow}`}
            disabled={offline}
            {...tapProps(() => setLocation(FLOW_PATH[flow]))}
          >
            <SlIcon name={FLOW_ICON[flow]} />
            <span className="kiosk-tile-title">{t(`kiosk.flow.${flow}`)}</span>
            <span className="kiosk-tile-hint">{offline ? t('kiosk.offline.tile') : t(`kiosk.flow.${flow}.hint`)}</span>
          </button>
        ))}
      </div>
      {shown.length === 0 && <p className="kiosk-empty">{t('kiosk.noFlows')}</p>}
      {asking && draft && (
        <DiscardDialog
          cartons={draft.loaded.length}
          signed
          onKeep={keep}
          onDiscard={() => {
            setAsking(false);
            dropDraft();
          }}
        />
      )}
    </div>
  );
}
