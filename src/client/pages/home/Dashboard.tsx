/**
 * The home dashboard (server modules/dashboard/README.md): the figures of one warehouse (and optionally one client) for
 * today and this week, each tile a link to the list it counts, filtered so (kit README "Filters from the address").
 * The warehouse and client are remembered on the server (`/dashboard/saveChoice`), so they follow the user to any machine.
 * The figures are read again every minute while the page is visible (paused in a hidden tab, read at once on return).
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import {
  DASHBOARD_REFRESH_MS,
  type DashboardAnswer,
  type DashboardChoice,
  type DayWeek,
  OPEN_ORDER_STATUSES,
} from '../../../shared/dashboard';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { screenUrl } from '../../kit/screenUrl';
import { SlButton, SlIcon, SlProgressBar } from '../../kit/sl';
import { formatDateTime } from '../../kit/tableState';
import { type WarehouseClient, WarehouseClientSelect } from '../../kit/WarehouseClientSelect';
import { DashboardCharts } from './DashboardCharts';

/** A tile's link: a list screen and its filters. */
interface Target {
  screen: string;
  filters: Record<string, string>;
}

/** The chosen warehouse and client as list filters (no client: every client the user holds). */
const placeFilters = (choice: WarehouseClient): Record<string, string> => ({
  whId: choice.whId,
  ...(choice.clientCode ? { clientCode: choice.clientCode } : {}),
});

function Tile({
  id,
  label,
  value,
  week,
  target,
  tone,
}: {
  id: string;
  label: string;
  value: number;
  week?: number;
  target: Target;
  tone?: 'warning';
}) {
  const t = useT();
  const intl = useIntl();
  const [, setLocation] = useLocation();
  const href = screenUrl(`/${target.screen}`, target.filters);
  return (
    <a
      className={`dash-tile${tone && value > 0 ? ` dash-tile--${tone}` : ''}`}
      href={href}
      data-testid={`dash-${id}`}
      onClick={(event) => {
        event.preventDefault();
        setLocation(href);
      }}
    >
      <span className="dash-tile-label">{label}</span>
      <span className="dash-tile-value">{intl.formatNumber(value)}</span>
      {week === undefined ? null : <span className="dash-tile-week">{t('dashboard.week', { count: week })}</span>}
    </a>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dash-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="dash-tiles">{children}</div>
    </section>
  );
}

/** The dashboard of the user's chosen warehouse and client (home page, and the Wms/Dashboard screen). */
export function Dashboard() {
  const t = useT();
  const intl = useIntl();
  const [choice, setChoice] = useState<WarehouseClient | null>(null);
  const [answer, setAnswer] = useState<DashboardAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  // The remembered choice (or the first warehouse held), once.
  useEffect(() => {
    let live = true;
    apiPost<DashboardChoice | null>('/dashboard/choice', {})
      .then((envelope) => {
        if (!live || envelope.code !== SUCCESS) return;
        const kept = envelope.data;
        setChoice(kept ? { whId: kept.whId, clientCode: kept.clientCode ?? '' } : { whId: '', clientCode: '' });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const load = useCallback((place: WarehouseClient) => {
    if (!place.whId) return;
    const ticket = ++latest.current;
    setLoading(true);
    apiPost<DashboardAnswer>('/dashboard/tiles', place)
      .then((envelope) => {
        if (ticket === latest.current && envelope.code === SUCCESS && envelope.data) setAnswer(envelope.data);
      })
      .catch(() => undefined)
      .finally(() => ticket === latest.current && setLoading(false));
  }, []);

  // Every minute while the page is visible; a tab coming back into view reads at once when the figures are stale.
  useEffect(() => {
    if (!choice?.whId) return;
    load(choice);
    let readAt = Date.now();
    const tick = () => {
      if (document.visibilityState !== 'visible') return;
      readAt = Date.now();
      load(choice);
    };
    const timer = window.setInterval(tick, DASHBOARD_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - readAt >= DASHBOARD_REFRESH_MS) tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [choice, load]);

  const choose = (next: WarehouseClient) => {
    setChoice(next);
    if (next.whId) void apiPost('/dashboard/saveChoice', next).catch(() => undefined);
  };

  if (!choice) return null;
  const place = placeFilters(choice);
  const dayWeek = (id: string, label: string, figure: DayWeek, target: Target) => (
    <Tile id={id} label={label} value={figure.today} week={figure.week} target={target} />
  );
  const a = answer && answer.whId === choice.whId && answer.clientCode === choice.clientCode ? answer : null;

  return (
    <div className="dashboard" data-testid="dashboard" aria-busy={loading}>
      <div className="dash-toolbar">
        <WarehouseClientSelect
          value={choice}
          required="whId"
          remember={false}
          offerLast={false}
          testId="dash"
          onChange={choose}
        />
        <SlButton size="small" data-testid="dash-refresh" onClick={() => load(choice)} loading={loading}>
          <SlIcon slot="prefix" name="arrow-clockwise" />
          {t('dashboard.refresh')}
        </SlButton>
        {a ? (
          <span className="dash-asof" data-testid="dash-asof">
            {t('dashboard.asOf', { time: formatDateTime(a.asOf), zone: a.timeZone })}
          </span>
        ) : null}
      </div>
      {!choice.whId ? <p>{t('dashboard.noWarehouse')}</p> : null}
      {a ? (
        <>
          <Section title={t('dashboard.section.inbound')}>
            {dayWeek('receipts', t('dashboard.receipts'), a.receipts, { screen: 'Wms/TReceipt', filters: place })}
            {dayWeek('receiptLines', t('dashboard.receiptLines'), a.receiptLines, { screen: 'Wms/TReceipt', filters: place })}
            {dayWeek('putaways', t('dashboard.putaways'), a.putaways, {
              screen: 'Wms/TranLog',
              filters: { ...place, tranType: 'PUTAWAY' },
            })}
          </Section>
          <Section title={t('dashboard.section.outbound')}>
            {dayWeek('picks', t('dashboard.picks'), a.picks, { screen: 'Wms/TranLog', filters: { ...place, tranType: 'PICK' } })}
            {dayWeek('cartons', t('dashboard.cartonsPacked'), a.cartonsPacked, {
              screen: 'Wms/TblShippingLabel',
              filters: place,
            })}
            {dayWeek('deliveries', t('dashboard.deliveriesShipped'), a.deliveriesShipped, {
              screen: 'Wms/TDelivery',
              filters: { whId: choice.whId, status: 'S' },
            })}
            <Tile
              id="waves"
              label={t('dashboard.wavesInProgress')}
              value={a.wavesInProgress}
              // Released and picking waves both count: the list by warehouse (a filter takes one status).
              target={{ screen: 'Wms/TWaveMaster', filters: { whId: choice.whId } }}
            />
          </Section>
          <Section title={t('dashboard.section.orders')}>
            {OPEN_ORDER_STATUSES.map((status) => (
              <Tile
                key={status}
                id={`orders-${status}`}
                label={t(`code.orderStatus.${status}`)}
                value={a.ordersByStatus[status] ?? 0}
                target={{ screen: 'Wms/TOrder', filters: { ...place, status } }}
              />
            ))}
          </Section>
          <Section title={t('dashboard.section.exceptions')}>
            <Tile
              id="held"
              tone="warning"
              label={t('dashboard.heldStock')}
              value={a.exceptions.heldStock}
              target={{ screen: 'Wms/TStoredItem', filters: { ...place, status: 'H' } }}
            />
            <Tile
              id="shorts"
              tone="warning"
              label={t('dashboard.shortPicks')}
              value={a.exceptions.shortPicks}
              target={{ screen: 'Wms/TWavePickTask', filters: { ...place, status: 'S' } }}
            />
            <Tile
              id="inspections"
              tone="warning"
              label={t('dashboard.failedInspections')}
              value={a.exceptions.failedInspectionsToday}
              target={{ screen: 'Wms/TranLog', filters: { ...place, tranType: 'INSPECT_FAIL' } }}
            />
            <Tile
              id="refusals"
              tone="warning"
              label={t('dashboard.refusals')}
              value={a.exceptions.refusalsToday}
              target={{ screen: 'Wms/ExceptionLog', filters: { whId: choice.whId } }}
            />
            <Tile
              id="webhooks"
              tone="warning"
              label={t('dashboard.failedWebhooks')}
              value={a.exceptions.failedWebhooks}
              target={{ screen: 'Wms/TWebhookDelivery', filters: { status: 'F' } }}
            />
            <Tile
              id="expiring"
              tone="warning"
              label={t('dashboard.expiring')}
              value={a.expiringStock}
              target={{ screen: 'Wms/ExpiringStock', filters: place }}
            />
            <Tile
              id="stations"
              label={t('dashboard.stationsOnline', { active: intl.formatNumber(a.stations.active) })}
              value={a.stations.online}
              target={{ screen: 'Wms/TKioskStation', filters: { whId: choice.whId } }}
            />
          </Section>
          <section className="dash-section" aria-label={t('dashboard.section.waves')}>
            <h2>{t('dashboard.section.waves')}</h2>
            {a.waves.length === 0 ? (
              <p className="dash-empty">{t('dashboard.noWaves')}</p>
            ) : (
              <ul className="dash-waves">
                {a.waves.map((w) => {
                  const share = Number(w.qty) > 0 ? Number(w.pickedQty) / Number(w.qty) : 0;
                  const percent = intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
                  return (
                    <li key={w.waveId} data-testid={`dash-wave-${w.waveId}`}>
                      <span className="dash-wave-id">{w.waveId}</span>
                      <SlProgressBar
                        value={Math.round(share * 100)}
                        label={t('dashboard.wavePicked', { wave: w.waveId, percent })}
                      />
                      <span>
                        {t('dashboard.wavePickedOf', {
                          percent,
                          picked: intl.formatNumber(Number(w.pickedQty)),
                          qty: intl.formatNumber(Number(w.qty)),
                        })}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <DashboardCharts answer={a} />
        </>
      ) : null}
    </div>
  );
}
