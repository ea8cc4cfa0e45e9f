/**
 * The lines of one movement or adjustment task (Wms/TblInvMovementDetail, Wms/TblInvAdjustmentDetail; spec 000 §2):
 * query parameters taskId and whId, page size 8, hidden attribute value columns beside their type labels, add / edit /
 * delete / batch delete, and the line dialog. A task that is no longer new shows its lines read-only with the spec's
 * message.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { permission } from '../../../shared/permissions';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { TABLE_HEIGHT } from '../../kit/DataTable';
import { EntityListPage, type EntityRow, type ExtraColumn } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { session, usePermission } from '../../kit/session';
import { SlAlert, SlButton, SlIcon } from '../../kit/sl';
import { LineDialog } from './LineDialog';
import { executeTask } from './TaskListPage';
import { isOpenTask, TASK_SCREENS, type TaskKind } from './tasks';
import { ATTRIBUTE_COLUMNS } from './useLineSteps';
import './inventory.css';

/** Opened without its task, the screen asks nothing and offers the task list. */
const KEYS = ['whId', 'taskId'] as const;

export function TaskLinesPage({ kind }: { kind: TaskKind }) {
  const t = useT();
  const confirm = useConfirm();
  const [location, setLocation] = useLocation();
  // The tab stays mounted while other screens show: keep the task it was opened for until another task is opened.
  const params = new URLSearchParams(useSearch());
  // A new opening (another `t`, spec 001 §2) reads the task and its lines afresh.
  const [task, setTask] = useState({
    taskId: params.get('taskId') ?? '',
    whId: params.get('whId') ?? '',
    visit: params.get('t') ?? '',
  });
  const nextTaskId = params.get('taskId') ?? '';
  const nextWhId = params.get('whId') ?? '';
  const nextVisit = params.get('t') ?? '';
  const shown = location === TASK_SCREENS[kind].detailUrl;
  useEffect(() => {
    if (shown && nextTaskId && nextWhId) setTask({ taskId: nextTaskId, whId: nextWhId, visit: nextVisit });
  }, [shown, nextTaskId, nextWhId, nextVisit]);
  const { taskId, whId, visit } = task;
  const screens = TASK_SCREENS[kind];
  const canExecute = usePermission(permission(screens.header.resource, 'edit'));
  const [header, setHeader] = useState<EntityRow | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const loadHeader = useCallback(async () => {
    const envelope = await apiPost<PageResult<EntityRow>>(`/${screens.header.name}/findPage`, {
      pageNum: 1,
      pageSize: 1,
      // This task, not every task whose number contains this one's.
      columnFilters: { whId, taskId: { value: taskId, exact: true } },
    });
    if (envelope.code === SUCCESS) setHeader(envelope.data?.content[0] ?? null);
  }, [screens, whId, taskId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: visit stands for a repeated navigation
  useEffect(() => {
    // Another task (or a new opening): the one shown before no longer says whether lines may change; locked until read.
    setHeader(null);
    if (taskId && whId) void loadHeader().catch(() => undefined);
  }, [loadHeader, taskId, whId, visit]);

  // The spec sends the user's locale id with the task's keys.
  const fixedFilters = useMemo(
    () => ({ whId, taskId, localeId: session.language === 'en_us' ? '1033' : '2052' }),
    [whId, taskId],
  );
  const open = isOpenTask(header);
  // Spec 000 §3: a movement line carries its status (N new, C completed with its task), shown after its line number.
  const columns = useMemo<ExtraColumn[]>(
    () =>
      kind === 'movement'
        ? [
            {
              field: 'status',
              headerKey: 'entity.tblInvMovementDetail.field.status',
              minWidth: 90,
              after: 'lineNumber',
              format: (value) => (value ? t(`code.movementStatus.${String(value)}`) : ''),
            },
            ...ATTRIBUTE_COLUMNS,
          ]
        : ATTRIBUTE_COLUMNS,
    [kind, t],
  );

  const execute = async () => {
    if (!header) return;
    if (await executeTask(kind, header, confirm, t)) {
      await loadHeader();
      setReloadKey((k) => k + 1);
    }
  };

  return (
    <EntityListPage
      height={TABLE_HEIGHT.generic}
      key={`${whId}/${taskId}/${visit}`}
      entity={screens.lines}
      tableId={screens.lines.name}
      fixedFilters={fixedFilters}
      requiredFilters={KEYS}
      listUrl={screens.listUrl}
      pageSize={8}
      locked={!open}
      reloadKey={reloadKey}
      extraColumns={columns}
      deleteCall="batchDelete"
      renderDialog={(props) => <LineDialog kind={kind} {...props} />}
      header={
        // Busy until the task is read: until then its lines are locked (no Add), whatever the task number shown.
        <div className="inventory-task-header" data-testid="task-header" aria-busy={!header}>
          <SlButton size="small" data-testid="back" onClick={() => setLocation(screens.listUrl)}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('inventory.action.back')}
          </SlButton>
          <span className="inventory-task-header__title">
            {t(`entity.${screens.header.name}.name`)} {taskId} · {whId}
            {header ? ` · ${t(`code.${kind}Status.${String(header.status)}`)}` : ''}
          </span>
          <SlButton
            size="small"
            variant="primary"
            disabled={!open || !canExecute}
            data-testid="execute"
            onClick={() => void execute().catch(() => undefined)}
          >
            <SlIcon slot="prefix" name="check2-circle" />
            {t(screens.executeLabel)}
          </SlButton>
          {header && !open ? (
            <SlAlert variant="warning" open data-testid="task-locked">
              <SlIcon slot="icon" name="lock" />
              {t(screens.lockedMessage)}
            </SlAlert>
          ) : null}
        </div>
      }
    />
  );
}
