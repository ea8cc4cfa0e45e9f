/**
 * Movement and adjustment tasks (menus Wms/TblInvMovement, Wms/TblInvAdjustment): the generic list of headers,
 * with a row action opening the task's lines and one approving (movement) or confirming (adjustment) it.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { isOpenTask, TASK_SCREENS, type TaskKind } from './tasks';

/** Runs a task's lines against the stock after a confirmation; answers whether it was done. */
export async function executeTask(
  kind: TaskKind,
  row: EntityRow,
  ask: ReturnType<typeof useConfirm>,
  t: ReturnType<typeof useT>,
) {
  const screens = TASK_SCREENS[kind];
  if (!(await ask(kind === 'movement' ? 'inventory.confirm.approve' : 'inventory.confirm.confirm'))) return false;
  const envelope = await apiPost<number>(screens.executeUrl, { whId: row.whId, taskId: row.taskId });
  if (envelope.code !== SUCCESS) return false;
  toast('success', t('kit.toast.success'));
  return true;
}

/** A task that is no longer new (approved, confirmed). */
const isDone = (row: EntityRow): boolean => !isOpenTask(row);

export function TaskListPage({ kind }: { kind: TaskKind }) {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const screens = TASK_SCREENS[kind];
  const canView = usePermission(permission(screens.header.resource, 'view'));
  const canExecute = usePermission(permission(screens.header.resource, 'edit'));
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'lines',
        labelKey: 'inventory.action.lines',
        allowed: canView,
        onClick: (row) =>
          setLocation(
            `${screens.detailUrl}?taskId=${encodeURIComponent(String(row.taskId))}&whId=${encodeURIComponent(String(row.whId))}`,
          ),
      },
      {
        key: 'execute',
        labelKey: screens.executeLabel,
        allowed: canExecute,
        disabledFor: (row) => !isOpenTask(row),
        onClick: (row) =>
          void executeTask(kind, row, confirm, t)
            .then((done) => done && setReloadKey((k) => k + 1))
            .catch(() => undefined),
      },
    ],
    [canView, canExecute, screens, kind, confirm, t, setLocation],
  );
  // A completed task no longer changes (the server refuses): its edit and delete look it.
  return <EntityListPage entity={screens.header} rowActions={rowActions} reloadKey={reloadKey} rowLocked={isDone} />;
}
