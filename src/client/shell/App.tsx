import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch } from 'wouter';
import { AllMessages } from '../kit/i18n';
import { readStationKey, session } from '../kit/session';
import { ErrorStatusPage } from '../pages/error/ErrorStatusPage';
import { NotFoundPage } from '../pages/error/NotFoundPage';
import { SCAN_CODE_URL } from '../pages/scan/scanRoutes';
import { SCAN_SCREENS } from '../pages/scan/scanScreens';
import { LoginPage } from './LoginPage';
import { LoginRedirect } from './LoginRedirect';

// The workspace is a chunk of its own: the login route carries only what the login screen needs.
const ShellLayout = lazy(() => import('./ShellLayout').then((m) => ({ default: m.ShellLayout })));
// The handheld RF screen: full page without the console's chrome, a chunk of its own too.
const RfDialogPage = lazy(() => import('../rf/RfDialogPage').then((m) => ({ default: m.RfDialogPage })));
// The RF dialog's camera (it hands its scan back to the dialog): full page too, so a handheld in the middle of a flow
// never lands in the console's menu and header (issue 25 item 18).
const ScanCodePage = SCAN_SCREENS[SCAN_CODE_URL];
// The dock-station kiosk: its own chunk, outside the shell, with its own sign-in (badge or PIN).
const KioskApp = lazy(() => import('../kiosk/KioskApp').then((m) => ({ default: m.KioskApp })));

/** Top-level routes and the navigation guard (spec 000 §2). */
export function App() {
  const { token } = useSnapshot(session);
  // A browser that holds a station key is a dock station: nothing but the kiosk, whatever address it is sent to.
  const station = readStationKey() !== null;
  return (
    <Switch>
      <Route path="/kiosk" nest>
        <AllMessages>
          <Suspense fallback={null}>
            <KioskApp />
          </Suspense>
        </AllMessages>
      </Route>
      {station && (
        <Route>
          <Redirect to="/kiosk" replace />
        </Route>
      )}
      <Route path="/login">{token ? <Redirect to="/" replace /> : <LoginPage />}</Route>
      {/* Error pages show no data, so they need no session (a failed login call may lead there). */}
      <Route path="/404">
        <NotFoundPage />
      </Route>
      <Route path="/error/:status">
        <ErrorStatusPage />
      </Route>
      <Route path="/Core/RfDialog">
        {token ? (
          <AllMessages>
            <Suspense fallback={null}>
              <RfDialogPage />
            </Suspense>
          </AllMessages>
        ) : (
          <LoginRedirect />
        )}
      </Route>
      {ScanCodePage && (
        <Route path={`/${SCAN_CODE_URL}`}>
          {token ? (
            <AllMessages>
              <Suspense fallback={null}>
                <ScanCodePage />
              </Suspense>
            </AllMessages>
          ) : (
            <LoginRedirect />
          )}
        </Route>
      )}
      <Route>
        {token ? (
          <AllMessages>
            <Suspense fallback={null}>
              <ShellLayout />
            </Suspense>
          </AllMessages>
        ) : (
          <LoginRedirect />
        )}
      </Route>
    </Switch>
  );
}
