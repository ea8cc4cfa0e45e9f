/**
 * Pick tasks (Wms/TWavePickTask, optionally `?whId&waveId&t` from a wave row): the allocations of released waves with
 * filters on wave, pick id, status and assigned user, a "mine" switch (tasks assigned to the signed-in user), and per
 * open task the confirm pick and short pick dialogs. Permissions: tWavePickTask:view to see, :edit to pick.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { tWavePickTask } from '../../../shared/entities/tWavePickTask';
import { permission } from '../../../shared/permissions';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { screenUrl } from '../../kit/screenUrl';
import { session, usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { PickDialog, type PickMode } from './PickDialog';
import './picking.css';

export const PICK_TASK_URL = '/Wms/TWavePickTask';
const notOpen = (row: EntityRow) => row.status !== 'O';

export function PickTaskPage() {
  const t = useT();
  const [location, setLocation] = useLocation();
  const params = new URLSearchParams(useSearch());
  const [wave, setWave] = useState({ whId: params.get('whId') ?? '', waveId: params.get('waveId') ?? '' });
  const nextWhId = params.get('whId') ?? '';
  const nextWaveId = params.get('waveId') ?? '';
  useEffect(() => {
    if (location === PICK_TASK_URL && nextWaveId) setWave({ whId: nextWhId, waveId: nextWaveId });
  }, [location, nextWhId, nextWaveId]);
  const [mine, setMine] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [dialog, setDialog] = useState<{ task: EntityRow; mode: PickMode } | null>(null);
  const canPick = usePermission(permission('tWavePickTask', 'edit'));

  const fixedFilters = useMemo(() => {
    // waveId and the user are exact filters (entity: filterExact), so a typed value matches itself only.
    const filters: Record<string, string> = {};
    if (wave.whId) filters.whId = wave.whId;
    if (wave.waveId) filters.waveId = wave.waveId;
    if (mine && session.user) filters.mUserAssigned = session.user;
    return filters;
  }, [wave, mine]);

  const actions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'pick',
        labelKey: 'outbound.pick.confirm',
        allowed: canPick,
        disabledFor: notOpen,
        onClick: (task) => setDialog({ task, mode: 'pick' }),
      },
      {
        key: 'short',
        labelKey: 'outbound.pick.short',
        allowed: canPick,
        disabledFor: notOpen,
        onClick: (task) => setDialog({ task, mode: 'short' }),
      },
      {
        key: 'allocations',
        labelKey: 'outbound.pick.allocations',
        allowed: true,
        onClick: (task) => setLocation(screenUrl('/Wms/TAllocation', { id: task.pickDetailId })),
      },
    ],
    [canPick, setLocation],
  );

  return (
    <>
      <EntityListPage
        key={`${wave.whId}/${wave.waveId}/${mine}`}
        entity={tWavePickTask}
        fixedFilters={fixedFilters}
        rowActions={actions}
        reloadKey={reloadKey}
        showId
        toolbarExtra={() => (
          <>
            <SlButton
              size="small"
              variant={mine ? 'primary' : 'default'}
              outline={!mine}
              data-testid="pick-mine"
              onClick={() => setMine((m) => !m)}
            >
              <SlIcon slot="prefix" name="person" />
              {t('outbound.pick.mine')}
            </SlButton>
            {wave.waveId ? (
              <span className="pick-header__title" data-testid="pick-wave">
                {t('outbound.pick.ofWave', { waveId: wave.waveId })}
              </span>
            ) : null}
          </>
        )}
      />
      <PickDialog
        task={dialog?.task ?? null}
        mode={dialog?.mode ?? 'pick'}
        onClose={() => setDialog(null)}
        onDone={() => setReloadKey((k) => k + 1)}
      />
    </>
  );
}
