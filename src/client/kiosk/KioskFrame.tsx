import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useLocation } from 'wouter';
import { KIOSK_RF_PROCESS, type KioskFlow, type StationConfig } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { HandoverScreen } from './HandoverScreen';
import { IdleWarning } from './IdleWarning';
import { KioskHome } from './KioskHome';
import { KioskRfFlow } from './KioskRfFlow';
import { kiosk } from './kioskState';
import { LanguageToggle } from './LanguageToggle';
import { leave } from './leaveGuard';
import { StationTitle } from './StationTitle';
import { useIdleCountdown } from './useIdleCountdown';

// The document signing tool is its own chunk (pdf.js, pdf-lib): loaded when the SIGN tile opens.
const KioskSignScreen = lazy(() => import('./KioskSignScreen').then((m) => ({ default: m.KioskSignScreen })));

interface Props {
  station: StationConfig;
  onSignOut: () => Promise<void>;
}

/**
 * A signed-in station: the top bar (station, place, worker, language, home, sign-out), the idle warning, the flows.
 * Home and Sign out ask before dropping a hand-over in progress (leaveGuard.ts); the idle sign-out does not (it keeps
 * a signed hand-over: handoverDraft.ts).
 */
export function KioskFrame({ station, onSignOut }: Props) {
  const t = useT();
  const { userName, flows } = useSnapshot(kiosk);
  const [location, setLocation] = useLocation();
  const left = useIdleCountdown(station.idleSeconds, () => void onSignOut());
  const allowed = (flow: KioskFlow) => flows.includes(flow) && station.flows.includes(flow);
  const rfFlow = (flow: 'RECEIVE' | 'LOOKUP') =>
    allowed(flow) ? (
      <KioskRfFlow key={flow} flow={flow} mainProcessName={KIOSK_RF_PROCESS[flow] ?? flow} whId={station.whId} />
    ) : (
      <KioskHome station={station} />
    );

  return (
    <div className="kiosk-page" data-testid="kiosk-frame">
      <header className="kiosk-bar">
        {location !== '/' && (
          <button
            type="button"
            className="kiosk-button kiosk-home-button"
            data-testid="kiosk-home"
            onClick={() => leave(() => setLocation('/'))}
          >
            <SlIcon name="house" />
            {t('kiosk.home')}
          </button>
        )}
        <StationTitle station={station} />
        <div className="kiosk-bar-user" data-testid="kiosk-user">
          <SlIcon name="person-circle" />
          {userName}
        </div>
        <LanguageToggle />
        <button
          type="button"
          className="kiosk-button kiosk-signout"
          data-testid="kiosk-signout"
          onClick={() => leave(() => void onSignOut())}
        >
          <SlIcon name="box-arrow-right" />
          {t('kiosk.signOut')}
        </button>
      </header>
      <main className="kiosk-main">
        <Switch>
          <Route path="/handover">
            {allowed('HANDOVER') ? <HandoverScreen station={station} /> : <KioskHome station={station} />}
          </Route>
          <Route path="/receive">{rfFlow('RECEIVE')}</Route>
          <Route path="/lookup">{rfFlow('LOOKUP')}</Route>
          <Route path="/sign">
            {allowed('SIGN') ? (
              <Suspense fallback={null}>
                <KioskSignScreen />
              </Suspense>
            ) : (
              <KioskHome station={station} />
            )}
          </Route>
          <Route>
            <KioskHome station={station} />
          </Route>
        </Switch>
      </main>
      {left !== null && left <= 15 && <IdleWarning seconds={left} />}
    </div>
  );
}
