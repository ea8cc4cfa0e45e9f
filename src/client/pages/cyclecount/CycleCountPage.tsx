/**
 * Cycle counts (menu Wms/TblCycleCountTask; spec 001 §2.13, §3 "Cycle count task"): the generic list of count tasks
 * (filters warehouse, zone, status, generation mode, location, item, task, adjustment task; newest first), blind while
 * a task is to count (the server answers no book quantity), with the difference of counted tasks and a badge where a
 * recount is suggested (beyond the warehouse's tolerance). Row action "count" on a task to count (the count entry
 * dialog); the toolbar adds a found item, generates tasks three ways, generates the adjustment task from the counted
 * tasks (checked, or all) and asks for a recount of checked counted tasks. Buttons follow `sys:tblCycleCountTask:*`;
 * the server is the guard.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tblCycleCountTask } from '../../../shared/entities/tblCycleCountTask';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { EntityListPage, type EntityRow, type ExtraColumn } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlAlert, SlButton, SlIcon } from '../../kit/sl';
import { linesUrl } from '../inventory/TaskListPage';
import { CountDialog } from './CountDialog';
import {
  COUNT_PERMISSION,
  COUNT_URLS,
  differenceText,
  type GeneratedAdjustment,
  isCounted,
  isOpen,
  sameWarehouse,
} from './cycleCountApi';
import { GenerateDialog, type GenerateMode, type GenerateRequest } from './GenerateDialog';
import './cyclecount.css';

/** The warehouse the last dialog was used for: the next one starts with it. */
let lastWhId = '';

const GENERATE_BUTTONS: readonly { mode: Exclude<GenerateMode, 'adjustment'>; icon: string; testId: string }[] = [
  { mode: 'locItem', icon: 'geo-alt', testId: 'generate-loc-item' },
  { mode: 'percent', icon: 'percent', testId: 'generate-percent' },
  { mode: 'tranType', icon: 'clock-history', testId: 'generate-tran-type' },
];

export function CycleCountPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const [request, setRequest] = useState<GenerateRequest | null>(null);
  const [adjustment, setAdjustment] = useState<{ taskId: string; whId: string; lines: number; tasks: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const canAdd = usePermission(COUNT_PERMISSION.add);
  const canEdit = usePermission(COUNT_PERMISSION.edit);
  const reload = () => setReloadKey((k) => k + 1);

  const open = useCallback(
    (mode: GenerateMode, rows: readonly EntityRow[]) => {
      if (!sameWarehouse(rows)) {
        toast('warning', t('cycleCount.oneWarehouse'));
        return;
      }
      setRequest({ mode, rows, whId: rows.length > 0 ? String(rows[0]!.whId) : lastWhId });
    },
    [t],
  );

  const recount = async (rows: readonly EntityRow[]) => {
    if (rows.length === 0) return;
    if (!sameWarehouse(rows)) {
      toast('warning', t('cycleCount.oneWarehouse'));
      return;
    }
    const tasks = rows.map((row) => String(row.workQId));
    const shown = tasks.length > 6 ? `${tasks.slice(0, 6).join(', ')} …` : tasks.join(', ');
    if (!(await confirm('cycleCount.confirm.recount', { values: { count: rows.length, tasks: shown } }))) return;
    setBusy(true);
    try {
      const envelope = await apiPost<number>(COUNT_URLS.recount, {
        whId: rows[0]!.whId,
        ids: rows.map((row) => Number(row.id)),
      });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('cycleCount.recount.done', { count: Number(envelope.data ?? 0) }));
      reload();
    } finally {
      setBusy(false);
    }
  };

  // The difference of a counted task beside its status (what a supervisor reads first), marked where the server
  // suggests a recount.
  const extraColumns = useMemo<ExtraColumn[]>(
    () => [
      {
        field: 'difference',
        headerKey: 'cycleCount.field.difference',
        minWidth: 170,
        after: 'status',
        format: (_value, row) =>
          row.recountSuggested === 'Y' ? `${differenceText(row)} ${t('cycleCount.recount.suggested')}` : differenceText(row),
        render: (row) => (
          <span className="cc-difference" data-testid="difference">
            {differenceText(row)}
            {row.recountSuggested === 'Y' ? (
              <span className="cc-badge" data-testid="recount-suggested">
                {t('cycleCount.recount.suggested')}
              </span>
            ) : null}
          </span>
        ),
      },
    ],
    [t],
  );

  const run = (action: () => Promise<void>) => () => void action().catch(() => undefined);

  return (
    <>
      <EntityListPage
        entity={tblCycleCountTask}
        reloadKey={reloadKey}
        extraColumns={extraColumns}
        renderDialog={(props) => <CountDialog {...props} />}
        addLabelKey="cycleCount.action.found"
        editLabelKey="cycleCount.action.count"
        // Only a task to count is counted (edit) or deleted; the server refuses the others (countTaskNotOpen).
        rowLocked={(row) => !isOpen(row)}
        header={
          adjustment ? (
            <SlAlert
              variant="success"
              open
              closable
              className="cc-result"
              data-testid="adjustment-result"
              onSlAfterHide={(event) => event.target === event.currentTarget && setAdjustment(null)}
            >
              <SlIcon slot="icon" name="check2-circle" />
              <span>
                {t('cycleCount.adjustment.generated', {
                  taskId: adjustment.taskId,
                  lines: adjustment.lines,
                  tasks: adjustment.tasks,
                })}
              </span>
              <SlButton
                size="small"
                variant="primary"
                outline
                data-testid="open-adjustment"
                onClick={() => setLocation(linesUrl('adjustment', adjustment))}
              >
                <SlIcon slot="prefix" name="box-arrow-up-right" />
                {t('cycleCount.adjustment.open', { taskId: adjustment.taskId })}
              </SlButton>
            </SlAlert>
          ) : null
        }
        toolbarExtra={(selected) => (
          <>
            {GENERATE_BUTTONS.map((button) => (
              <SlButton
                key={button.mode}
                size="small"
                disabled={!canAdd}
                data-testid={button.testId}
                onClick={() => open(button.mode, [])}
              >
                <SlIcon slot="prefix" name={button.icon} />
                {t(`cycleCount.generate.${button.mode}`)}
              </SlButton>
            ))}
            <SlButton
              size="small"
              variant="primary"
              outline
              // The checked tasks must all be counted; none checked: every counted task of a warehouse.
              disabled={!canEdit || busy || !selected.every(isCounted)}
              data-testid="generate-adjustment"
              onClick={() => open('adjustment', selected)}
            >
              <SlIcon slot="prefix" name="clipboard-check" />
              {t('cycleCount.generate.adjustment')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canEdit || busy || selected.length === 0 || !selected.every(isCounted)}
              data-testid="request-recount"
              onClick={run(() => recount(selected))}
            >
              <SlIcon slot="prefix" name="arrow-repeat" />
              {t('cycleCount.action.recount')}
            </SlButton>
          </>
        )}
      />
      <GenerateDialog
        request={request}
        onClose={() => setRequest(null)}
        onGenerated={(mode, answer, whId) => {
          lastWhId = whId;
          if (mode === 'adjustment') {
            const generated = answer as GeneratedAdjustment;
            setAdjustment(
              generated.adjustmentTaskId
                ? { taskId: generated.adjustmentTaskId, whId, lines: generated.lines, tasks: generated.tasks }
                : null,
            );
          }
          reload();
        }}
      />
    </>
  );
}
