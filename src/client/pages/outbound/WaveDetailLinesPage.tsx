/** The lines of one order in a wave (Wms/TAfoWaveDetailLine?id; spec 001 §2.9): read-only, 8 per page. */
import { useMemo } from 'react';
import { tAfoWaveDetailLine } from '../../../shared/entities/tAfoWaveDetailLine';
import { EntityListPage } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/sl';
import { useWaveQuery } from './useWaveQuery';
import { WAVE_URLS } from './wavesScreens';
import './waves.css';

const KEYS = ['id'] as const;
/** Opened without its query values, the screen lists nothing rather than every row. */
const REQUIRED = ['waveDetailId'] as const;

export function WaveDetailLinesPage() {
  const t = useT();
  const { id } = useWaveQuery(WAVE_URLS.detailLines, KEYS);
  // The route's id is the wave detail's: the lines filter on it.
  const fixedFilters = useMemo(() => ({ waveDetailId: id }), [id]);
  return (
    <EntityListPage
      key={id}
      entity={tAfoWaveDetailLine}
      fixedFilters={fixedFilters}
      requiredFilters={REQUIRED}
      listUrl={WAVE_URLS.list}
      pageSize={8}
      showId
      header={
        <div className="wave-header" data-testid="wave-header">
          <SlButton size="small" data-testid="back" onClick={() => history.back()}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('wave.back.detail')}
          </SlButton>
          <span className="wave-header__title">{t('wave.detailLines.title', { id })}</span>
        </div>
      }
    />
  );
}
