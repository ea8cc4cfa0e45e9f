import { Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useT } from '../kit/i18n';
import { session } from '../kit/session';
import { preloadShoelace, SlSpinner } from '../kit/sl';
import { drawer, followNarrowScreen, setDrawerOpen } from './drawer';
import { HeaderBar } from './HeaderBar';
import { loadNavigation, loadProfile } from './loadNavigation';
import { activateTab, collectRoutes, HOME_PATH } from './navigation';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SideMenu } from './SideMenu';
import { TabContent } from './TabContent';
import { WorkspaceTabs } from './WorkspaceTabs';

/** The signed-in workspace: side menu, header, tabs, and the open tabs' screens (keepAlive ones stay mounted). */
export function ShellLayout() {
  const t = useT();
  const [location, setLocation] = useLocation();
  const { user, language, navTree, navLoaded, tabs, activeTab, sidebarCollapsed } = useSnapshot(session);
  const loadedLanguage = useRef<string | null>(null);

  const { narrow, open: drawerOpen } = useSnapshot(drawer);

  useEffect(preloadShoelace, []);
  useEffect(followNarrowScreen, []);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  // Load (or, after a language switch, reload) the menu tree and permissions; menu names come translated.
  useEffect(() => {
    if (!user || loadedLanguage.current === language) return;
    const first = loadedLanguage.current === null;
    loadedLanguage.current = language;
    if (first && !session.roleLabel) void loadProfile(user).catch(() => undefined);
    void loadNavigation(user).catch(() => undefined);
  }, [user, language]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: navTree is read from the store; its snapshot only signals change
  const routes = useMemo(() => collectRoutes(session.navTree), [navTree]);

  // The address decides the active tab: a menu route opens (or focuses) its tab; an unknown one is a 404. Before the
  // browser paints, so that a new address never shows the former tab's screen, nor none, for a frame.
  useLayoutEffect(() => {
    if (location === HOME_PATH) {
      activateTab(HOME_PATH, '', 'house');
      return;
    }
    if (!navLoaded) return;
    const route = routes.get(location);
    if (route) activateTab(location, route.node.name, route.node.icon);
    else setLocation('/404', { replace: true });
  }, [location, navLoaded, routes, setLocation]);

  return (
    <div
      className={`shell${narrow ? ' narrow' : sidebarCollapsed ? ' collapsed' : ''}${narrow && drawerOpen ? ' drawer-open' : ''}`}
    >
      <SideMenu />
      {narrow && drawerOpen ? (
        // A click beside the drawer closes it; the menu button and Escape do too (keyboard users).
        <div className="drawer-backdrop" data-testid="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      ) : null}
      <div className="shell-main">
        <HeaderBar />
        <Suspense fallback={<div className="workspace-tabs" />}>
          <WorkspaceTabs />
        </Suspense>
        <main className="shell-content">
          {!navLoaded && location !== HOME_PATH && (
            <div className="page-loading">
              <SlSpinner />
            </div>
          )}
          {tabs.map((tab) => {
            const route = routes.get(tab.name);
            // The store's active tab follows the address one effect later. Coming back to the workspace (going home
            // from an error page) it still names the tab shown before: only the address's tab is ever mounted, so a
            // screen the user left is not mounted (and asking) again on the way.
            const active = tab.name === activeTab && tab.name === location;
            // Spec 000 §2: only a route flagged keepAlive keeps its screen (filters, page, scroll) while another tab
            // is shown; any other screen is unmounted on leaving and starts afresh on return.
            const kept = active || route?.node.keepAlive === true;
            return (
              <div
                key={`${tab.name}#${tab.version}`}
                className="tab-pane"
                hidden={!active}
                data-tab={tab.name}
                data-keep-alive={route?.node.keepAlive ? '' : undefined}
              >
                {kept && (
                  <PageErrorBoundary message={t('shell.pageFailed')}>
                    <Suspense
                      fallback={
                        <div className="page-loading">
                          <SlSpinner />
                        </div>
                      }
                    >
                      <TabContent path={tab.name} route={route} />
                    </Suspense>
                  </PageErrorBoundary>
                )}
              </div>
            );
          })}
        </main>
      </div>
    </div>
  );
}
