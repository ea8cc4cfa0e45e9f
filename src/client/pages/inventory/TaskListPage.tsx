/**
 * Movement and adjustment tasks (menus Wms/TblInvMovement, Wms/TblInvAdjustment): the generic list of headers,
 * with a row action opening the task's lines and one approving (movement) or confirming (adjustment) it.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { permission } from '../../../shared/permissions';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { FormDialog, type FormDialogProps, type SavedRow } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { screenUrl } from '../../kit/screenUrl';
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

/** The lines screen of one task. */
export function linesUrl(kind: TaskKind, row: EntityRow): string {
  return screenUrl(TASK_SCREENS[kind].detailUrl, { taskId: row.taskId, whId: row.whId });
}

/** The task just created (its number comes from the server's series): the newest of its warehouse with that id. */
async function createdTask(kind: TaskKind, saved: SavedRow): Promise<EntityRow | null> {
  const envelope = await apiPost<PageResult<EntityRow>>(`/${TASK_SCREENS[kind].header.name}/findPage`, {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { whId: saved.payload.whId },
  });
  if (envelope.code !== SUCCESS) return null;
  return envelope.data?.content.find((row) => row.id === saved.id) ?? null;
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
        primary: true,
        allowed: canView,
        onClick: (row) => setLocation(linesUrl(kind, row)),
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
  // A new task opens its lines at once: entering them is why it was created (issue 10 item 11).
  const renderDialog = useCallback(
    (props: FormDialogProps) => (
      <FormDialog
        {...props}
        onSaved={(saved) => {
          props.onSaved(saved);
          if (props.row?.id !== undefined && props.row?.id !== null) return;
          void createdTask(kind, saved)
            .then((row) => row && setLocation(linesUrl(kind, row)))
            .catch(() => undefined);
        }}
      />
    ),
    [kind, setLocation],
  );
  // A completed task no longer changes (the server refuses): its edit and delete are locked.
  return (
    <EntityListPage
      entity={screens.header}
      rowActions={rowActions}
      reloadKey={reloadKey}
      renderDialog={renderDialog}
      rowLocked={isDone}
    />
  );
}
