import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { session, usePermission } from '../../kit/session';
import { SlButton, SlCarousel, SlCarouselItem, SlIcon, SlTab, SlTabGroup, SlTabPanel } from '../../kit/sl';
import { Dashboard } from './Dashboard';

const EXPIRING_URL = '/Wms/ExpiringStock';

/**
 * Expiring stock over the user's warehouses and clients (`vExpiringStock/count`: rows within their warning days,
 * expired ones included), linking to the report; shown to users who may view the report.
 */
function ExpiringCount() {
  const t = useT();
  const [, setLocation] = useLocation();
  const canView = usePermission(permission('expiringStock', 'view'));
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!canView) return;
    let live = true;
    apiPost<{ count: number }>('/vExpiringStock/count', {})
      .then((envelope) => live && envelope.code === SUCCESS && setCount(envelope.data?.count ?? 0))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [canView]);
  if (!canView || count === null) return null;
  return (
    <div className="home-stats">
      <SlButton
        variant={count > 0 ? 'warning' : 'default'}
        outline
        data-testid="home-expiring"
        href={EXPIRING_URL}
        onClick={(event) => {
          event.preventDefault();
          setLocation(EXPIRING_URL);
        }}
      >
        <SlIcon slot="prefix" name="hourglass-split" />
        {t('home.expiring', { count })}
      </SlButton>
    </div>
  );
}

const FEATURES = [
  'home.feature.login',
  'home.feature.admin',
  'home.feature.logs',
  'home.feature.dict',
  'home.feature.theme',
  'home.feature.monitoring',
] as const;

const ENVIRONMENT = [
  ['Node.js 20', 'home.env.node'],
  ['Fastify', 'home.env.fastify'],
  ['PostgreSQL / PGlite', 'home.env.db'],
  ['React 19', 'home.env.react'],
  ['Shoelace', 'home.env.shoelace'],
  ['AG Grid', 'home.env.grid'],
  ['esbuild', 'home.env.esbuild'],
] as const;

/**
 * The home page: for users holding sys:dashboard:view the dashboard, with the spec's landing carousel (spec 000 §1) one
 * tab away ("关于 Wharf" / "About Wharf"); for everyone else the carousel as before, with the expiring-stock count.
 */
export function HomePage() {
  const t = useT();
  const canDashboard = usePermission(permission('dashboard', 'view'));
  // The carousel (its component and the expiring count's request) waits until its tab is first opened.
  const [aboutOpened, setAboutOpened] = useState(false);
  // Until the permissions are known, neither: the carousel would load and flash before the dashboard replaced it.
  const { navLoaded } = useSnapshot(session);
  if (!navLoaded) return null;
  if (!canDashboard) return <Landing />;
  return (
    <div className="home-page">
      <SlTabGroup
        className="home-tabs"
        onSlTabShow={(event) => {
          // Not the workspace's tab group around it: its handler would take "about" for a workspace tab.
          event.stopPropagation();
          if (event.detail.name === 'about') setAboutOpened(true);
        }}
      >
        <SlTab slot="nav" panel="dashboard" data-testid="home-tab-dashboard">
          {t('dashboard.tab')}
        </SlTab>
        <SlTab slot="nav" panel="about" data-testid="home-tab-about">
          {t('dashboard.about')}
        </SlTab>
        <SlTabPanel name="dashboard">
          <Dashboard />
        </SlTabPanel>
        <SlTabPanel name="about">{aboutOpened && <Landing />}</SlTabPanel>
      </SlTabGroup>
    </div>
  );
}

/** The landing page (spec 000 §1): a rotating carousel with introduction, feature plan and environment. */
function Landing() {
  const t = useT();
  return (
    <div className="home-page">
      <ExpiringCount />
      {/* No pagination dots: Shoelace's point at slides outside their shadow root (aria-controls="slide-1"), an id the
          dots cannot reach (axe aria-valid-attr-value, critical; issue 27.9). The arrows turn the cards. */}
      <SlCarousel className="home-carousel" autoplay autoplayInterval={3000} loop navigation mouseDragging>
        <SlCarouselItem>
          <section className="home-card">
            <h2>{t('home.intro.title')}</h2>
            <p>{t('home.intro.body1')}</p>
            <p>{t('home.intro.body2')}</p>
          </section>
        </SlCarouselItem>
        <SlCarouselItem>
          <section className="home-card">
            <h2>{t('home.features.title')}</h2>
            <ul className="home-list">
              {FEATURES.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </section>
        </SlCarouselItem>
        <SlCarouselItem>
          <section className="home-card">
            <h2>{t('home.env.title')}</h2>
            <dl className="home-env">
              {ENVIRONMENT.map(([name, key]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{t(key)}</dd>
                </div>
              ))}
            </dl>
          </section>
        </SlCarouselItem>
      </SlCarousel>
    </div>
  );
}
