/**
 * The orders of one wave (Wms/TAfoWaveDetail?whId&waveId; spec 001 §2.6): the wave above the table (with Release
 * while it is being built), Add order (the wave-load dialog; opened at once with `&load=1`, as a new wave's save opens
 * the screen), 8 rows per page — id, whId, waveId, orderNumber, loadSeq — without edit; row actions delete (the order
 * leaves the wave: `tAfoWaveDetail/removeOrder`, after a confirmation naming it) and show detail (its lines).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { tAfoWaveDetail } from '../../../shared/entities/tAfoWaveDetail';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { screenUrl, visitOf } from '../../kit/screenUrl';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { useWaveQuery } from './useWaveQuery';
import { WaveHeader } from './WaveHeader';
import { type OutResult, reportOutcome, WaveLoadDialog } from './WaveLoadDialog';
import { WAVE_URLS } from './wavesScreens';

const KEYS = ['whId', 'waveId'] as const;
/** Opened without its query values, the screen lists nothing rather than every row. */
const REQUIRED = KEYS;
/** Orders come in or go out only while the wave is being built (N, or held from N). */
const building = (wave: EntityRow | null): boolean => wave?.status === 'N' || (wave?.status === 'H' && wave.heldStatus === 'N');

export function WaveDetailPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const { whId, waveId } = useWaveQuery(WAVE_URLS.detail, KEYS);
  const [loading, setLoading] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [wave, setWave] = useState<EntityRow | null>(null);
  const canAdd = usePermission(permission('tWaveMaster', 'add'));
  const canDelete = usePermission(permission('tWaveMaster', 'delete'));
  const canView = usePermission(permission('tWaveMaster', 'view'));
  const open = building(wave);

  // Opened by a new wave's save (`load=1`): the wave-load dialog shows at once, once per opening of the screen.
  const search = useSearch();
  const loadAtOnce = new URLSearchParams(search).get('load') === '1';
  const visit = visitOf(search);
  const loadedFor = useRef('');
  useEffect(() => {
    if (!loadAtOnce || !visit || loadedFor.current === visit || !whId || !waveId) return;
    loadedFor.current = visit;
    setLoading(true);
  }, [loadAtOnce, visit, whId, waveId]);

  const remove = useCallback(
    async (row: EntityRow) => {
      const values = { orderNumbers: String(row.orderNumber), waveId };
      if (!(await confirm('wave.orders.confirmRemove', { danger: true, values }))) return;
      const envelope = await apiPost<OutResult[]>('/tAfoWaveDetail/removeOrder', { whId, waveId, ids: [row.id] });
      if (envelope.code !== SUCCESS) return;
      if (reportOutcome(t, envelope.data)) setReloadKey((k) => k + 1);
    },
    [confirm, t, whId, waveId],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'delete',
        labelKey: 'kit.action.delete',
        allowed: canDelete,
        danger: true,
        disabledFor: () => !open,
        onClick: (row) => void remove(row).catch(() => undefined),
      },
      {
        key: 'lines',
        labelKey: 'wave.detail.lines',
        allowed: canView,
        onClick: (row) => setLocation(screenUrl(WAVE_URLS.detailLines, { id: row.id })),
      },
    ],
    [canDelete, canView, open, remove, setLocation],
  );
  const fixedFilters = useMemo(() => ({ whId, waveId }), [whId, waveId]);

  return (
    <>
      <EntityListPage
        key={`${whId}/${waveId}`}
        entity={tAfoWaveDetail}
        fixedFilters={fixedFilters}
        requiredFilters={REQUIRED}
        listUrl={WAVE_URLS.list}
        pageSize={8}
        showId
        reloadKey={reloadKey}
        rowActions={rowActions}
        header={
          <WaveHeader
            whId={whId}
            waveId={waveId}
            back={{ url: WAVE_URLS.list, labelKey: 'wave.back.list' }}
            reloadKey={reloadKey}
            onWave={setWave}
            releasable
            onReleased={() => setReloadKey((k) => k + 1)}
          />
        }
        toolbarExtra={() => (
          <SlButton
            size="small"
            variant="primary"
            disabled={!canAdd || !open}
            data-testid="add-order"
            onClick={() => setLoading(true)}
          >
            <SlIcon slot="prefix" name="plus-lg" />
            {t('wave.detail.addOrder')}
          </SlButton>
        )}
      />
      <WaveLoadDialog open={loading} whId={whId} waveId={waveId} onClose={() => setLoading(false)} />
    </>
  );
}
