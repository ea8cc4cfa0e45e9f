/**
 * The lines of one candidate order of the working set (Wms/TAfaViewWaveOrderLine?userId&viewId&whId&waveId&orderNumber;
 * spec 001 §2.8): read-only, no edit or delete.
 */
import { useMemo } from 'react';
import { tAfaViewWaveOrderLine } from '../../../shared/entities/tAfaViewWaveOrderLine';
import { EntityListPage } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/sl';
import { useWaveQuery } from './useWaveQuery';
import { WAVE_URLS } from './wavesScreens';
import './waves.css';

const KEYS = ['userId', 'viewId', 'whId', 'waveId', 'orderNumber'] as const;
/** Opened without its query values, the screen lists nothing rather than every row. */
const REQUIRED = KEYS;

export function WaveOrderLinesPage() {
  const t = useT();
  const query = useWaveQuery(WAVE_URLS.orderLines, KEYS);
  const { userId, viewId, whId, waveId, orderNumber } = query;
  const fixedFilters = useMemo(
    () => ({ userId, viewId, whId, waveId, orderNumber }),
    [userId, viewId, whId, waveId, orderNumber],
  );
  return (
    <EntityListPage
      key={`${viewId}/${orderNumber}`}
      entity={tAfaViewWaveOrderLine}
      fixedFilters={fixedFilters}
      requiredFilters={REQUIRED}
      listUrl={WAVE_URLS.list}
      pageSize={8}
      header={
        <div className="wave-header" data-testid="wave-header">
          <SlButton size="small" data-testid="back" onClick={() => history.back()}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('wave.back.orders')}
          </SlButton>
          <span className="wave-header__title">{t('wave.orderLines.title', { orderNumber, waveId })}</span>
        </div>
      }
    />
  );
}
