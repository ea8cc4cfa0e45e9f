/**
 * The wave a screen is about, above its table: back to the list, the wave id, its warehouse and status — and, where
 * the screen asks for it, Release for a wave being built or held (the list's Release dialog), so that a wave is
 * released where its orders were just added.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { permission } from '../../../shared/permissions';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { WaveReleaseDialog } from './WaveReleaseDialog';
import './waves.css';

export interface WaveHeaderProps {
  whId: string;
  waveId: string;
  /** Where back leads, and its label key. */
  back: { url: string; labelKey: string };
  /** Changing it reads the wave again (after an action of the screen). */
  reloadKey?: number;
  /** Told the wave as read (null: not found or not the user's). */
  onWave?: (wave: EntityRow | null) => void;
  /** A line of its own below the facts (the user whose working set this is). */
  extra?: React.ReactNode;
  /** Offers Release (sys:tWaveMaster:edit) while the wave is being built or held. */
  releasable?: boolean;
  /** Told after the wave was released from the header. */
  onReleased?: () => void;
}

export function WaveHeader({ whId, waveId, back, reloadKey, onWave, extra, releasable, onReleased }: WaveHeaderProps) {
  const t = useT();
  const [, setLocation] = useLocation();
  const [wave, setWave] = useState<EntityRow | null>(null);
  const [releasing, setReleasing] = useState<readonly EntityRow[] | null>(null);
  const canRelease = usePermission(permission('tWaveMaster', 'edit'));
  const load = useCallback(async () => {
    const envelope = await apiPost<PageResult<EntityRow>>('/tWaveMaster/findPage', {
      pageNum: 1,
      pageSize: 1,
      columnFilters: { whId, waveId: { value: waveId, exact: true } },
    });
    if (envelope.code !== SUCCESS) return;
    const found = envelope.data?.content[0] ?? null;
    setWave(found);
    onWave?.(found);
  }, [whId, waveId, onWave]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh read
  useEffect(() => {
    if (whId && waveId) void load().catch(() => undefined);
  }, [load, whId, waveId, reloadKey]);
  return (
    <div className="wave-header" data-testid="wave-header">
      <SlButton size="small" data-testid="back" onClick={() => setLocation(back.url)}>
        <SlIcon slot="prefix" name="arrow-left" />
        {t(back.labelKey)}
      </SlButton>
      <span className="wave-header__title">{t('wave.header.title', { waveId })}</span>
      <dl className="wave-header__facts">
        <dt>{t('entity.tWaveMaster.field.whId')}</dt>
        <dd>{whId}</dd>
        <dt>{t('entity.tWaveMaster.field.status')}</dt>
        <dd data-testid="wave-status">{wave ? t(`code.waveStatus.${String(wave.status)}`) : ''}</dd>
        <dt>{t('entity.tWaveMaster.field.priority')}</dt>
        <dd>{String(wave?.priority ?? '')}</dd>
      </dl>
      {releasable && wave && (wave.status === 'N' || wave.status === 'H') ? (
        <SlButton
          size="small"
          variant="primary"
          disabled={!canRelease}
          data-testid="wave-release"
          onClick={() => setReleasing([wave])}
        >
          <SlIcon slot="prefix" name="play-circle" />
          {t('wave.list.release')}
        </SlButton>
      ) : null}
      {extra}
      <WaveReleaseDialog
        waves={releasing}
        onClose={() => setReleasing(null)}
        onReleased={() => {
          void load().catch(() => undefined);
          onReleased?.();
        }}
      />
    </div>
  );
}
