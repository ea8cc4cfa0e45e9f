/**
 * Waves (menu Wms/TWaveMaster; spec 001 §3 "Wave master", §4): the generic list with the status labels; add and edit
 * (sequence, priority, workers required, override work type, staging location, door, ship dates; a blank id takes the
 * next WAVE number), edit only while building or held, delete only while building. A new wave starts from defaults
 * (`WaveFormDialog`) and, once saved, opens its detail with the wave-load dialog (orders are what a wave is built of).
 * Row actions release (the Release dialog), open the wave detail and the pick tasks; the toolbar releases or holds the
 * selected waves — one or a batch.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tWaveMaster } from '../../../shared/entities/tWaveMaster';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { screenUrl } from '../../kit/screenUrl';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { WaveFormDialog } from './WaveFormDialog';
import { WaveReleaseDialog } from './WaveReleaseDialog';
import { WAVE_URLS } from './wavesScreens';
import './waves.css';

/** Building (N) or held from building: the header changes; released waves are the picking part's. */
const editable = (row: EntityRow): boolean => row.status === 'N' || row.status === 'H';
/** Release takes a wave being built, or a held one (it resumes or is allocated). */
const releasable = (row: EntityRow): boolean => row.status === 'N' || row.status === 'H';
const holdable = (row: EntityRow): boolean => row.status === 'N' || row.status === 'R';
const sameWarehouse = (rows: readonly EntityRow[]): boolean => rows.every((r) => r.whId === rows[0]?.whId);

export function WaveListPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const [releasing, setReleasing] = useState<readonly EntityRow[] | null>(null);
  const canView = usePermission(permission('tWaveMaster', 'view'));
  const canEdit = usePermission(permission('tWaveMaster', 'edit'));
  const canPickTasks = usePermission(permission('tWavePickTask', 'view'));
  const reload = () => setReloadKey((k) => k + 1);

  const hold = useCallback(
    async (rows: readonly EntityRow[]) => {
      if (rows.length === 0) return;
      if (!sameWarehouse(rows)) {
        toast('warning', t('wave.list.oneWarehouse'));
        return;
      }
      const waves = rows.map((r) => String(r.waveId));
      if (!(await confirm('wave.list.confirmHold', { values: { waves: waves.join(', ') } }))) return;
      const envelope = await apiPost<number>('/tWaveMaster/holdWave', { whId: rows[0]!.whId, waveIds: waves });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('wave.list.held', { count: String(envelope.data) }));
      setReloadKey((k) => k + 1);
    },
    [confirm, t],
  );

  const release = useCallback(
    (rows: readonly EntityRow[]) => {
      if (rows.length === 0) return;
      if (!sameWarehouse(rows)) {
        toast('warning', t('wave.list.oneWarehouse'));
        return;
      }
      setReleasing(rows);
    },
    [t],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'release',
        labelKey: 'wave.list.release',
        allowed: canEdit,
        disabledFor: (row) => !releasable(row),
        onClick: (row) => release([row]),
      },
      {
        key: 'detail',
        labelKey: 'wave.list.detail',
        primary: true,
        allowed: canView,
        onClick: (row) => setLocation(screenUrl(WAVE_URLS.detail, { whId: row.whId, waveId: row.waveId })),
      },
      {
        key: 'pickTasks',
        labelKey: 'wave.list.pickTasks',
        allowed: canPickTasks,
        onClick: (row) => setLocation(screenUrl(WAVE_URLS.pickTasks, { whId: row.whId, waveId: row.waveId })),
      },
    ],
    [canView, canEdit, canPickTasks, release, setLocation],
  );

  return (
    <>
      <EntityListPage
        entity={tWaveMaster}
        rowActions={rowActions}
        reloadKey={reloadKey}
        renderDialog={(props) => (
          <WaveFormDialog
            {...props}
            onCreated={(wave) =>
              setLocation(screenUrl(WAVE_URLS.detail, { whId: String(wave.whId), waveId: String(wave.waveId), load: '1' }))
            }
          />
        )}
        rowLocked={(row) => !editable(row)}
        deleteLocked={(row) => row.status !== 'N'}
        toolbarExtra={(selected) => (
          <>
            <SlButton
              size="small"
              disabled={!canEdit || selected.length === 0 || !selected.every(releasable)}
              data-testid="batch-release"
              onClick={() => release(selected)}
            >
              <SlIcon slot="prefix" name="play-circle" />
              {t('wave.list.batchRelease')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canEdit || selected.length === 0 || !selected.every(holdable)}
              data-testid="batch-hold"
              onClick={() => void hold(selected).catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="pause-circle" />
              {t('wave.list.batchHold')}
            </SlButton>
          </>
        )}
      />
      <WaveReleaseDialog waves={releasing} onClose={() => setReleasing(null)} onReleased={reload} />
    </>
  );
}
