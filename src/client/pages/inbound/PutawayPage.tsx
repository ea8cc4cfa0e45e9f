/**
 * The putaway desk (menu Wms/Putaway): receipts ready for putaway → the server's suggestion (inbound README "Putaway") in an
 * editable table (destination and quantity) → one putaway movement task, whose lines open in the movement screen and
 * which is approved here with the movement's own call. Every rule is the server's.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlInput } from '../../kit/sl';
import { useScreenShown } from '../../kit/useScreenShown';
import type { WarehouseClient } from '../../kit/WarehouseClientSelect';
import { linesUrl } from '../inventory/TaskListPage';
import { DeskFilterBar } from './DeskFilterBar';
import { type DeskColumn, type DeskRow, LocalTable } from './InspectionPutawayTable';
import './inspection.css';

const READY_COLUMNS: DeskColumn[] = [
  { field: 'receiptId', headerKey: 'inbound.inspection.field.receiptId', minWidth: 130 },
  { field: 'poNumber', headerKey: 'inbound.inspection.field.poNumber', minWidth: 120 },
  { field: 'lineNumber', headerKey: 'inbound.inspection.field.lineNumber', minWidth: 70 },
  { field: 'itemNumber', headerKey: 'inbound.inspection.field.itemNumber', minWidth: 130 },
  { field: 'itemDescription', headerKey: 'inbound.inspection.field.itemDescription', minWidth: 180 },
  { field: 'lotNumber', headerKey: 'inbound.inspection.field.lotNumber', minWidth: 100 },
  { field: 'huId', headerKey: 'inbound.inspection.field.huId', minWidth: 100 },
  { field: 'locationId', headerKey: 'inbound.inspection.field.locationId', minWidth: 120 },
  { field: 'remainingQty', headerKey: 'inbound.putaway.field.remainingQty', minWidth: 110 },
  { field: 'uom', headerKey: 'inbound.inspection.field.uom', minWidth: 70 },
];

/** A suggestion as the user edits it. */
interface Suggestion {
  receiptRowId: number;
  receiptId: string;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string;
  lotNumber: string | null;
  huId: string | null;
  sourceLocationId: string;
  uom: string;
  destLocationId: string | null;
  zone: string | null;
  qty: string;
  /** Stable row key, given when the suggestion arrives (a receipt may be split over several rows). */
  key: string;
}

interface CreatedTask {
  whId: string;
  taskId: string;
  approved: boolean;
}

export function PutawayPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  // Kept alive across tabs: the list is read again whenever the screen shows (receipts inspected meanwhile).
  const shown = useScreenShown('Wms/Putaway');
  const canEdit = usePermission(permission('tReceipt', 'edit'));
  const canApprove = usePermission(permission('tblInvMovement', 'edit'));
  const [pair, setPair] = useState<WarehouseClient>({ whId: '', clientCode: '' });
  const [ready, setReady] = useState<DeskRow[]>([]);
  const [selected, setSelected] = useState<DeskRow[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [task, setTask] = useState<CreatedTask | null>(null);
  const [loading, setLoading] = useState(false);

  const body = useCallback(() => ({ whId: pair.whId, ...(pair.clientCode ? { clientCode: pair.clientCode } : {}) }), [pair]);

  const load = useCallback(async () => {
    if (!pair.whId) return;
    setLoading(true);
    try {
      const envelope = await apiPost<DeskRow[]>('/tReceipt/getReadyForPutaway', body());
      setReady(envelope.data ?? []);
    } finally {
      setLoading(false);
    }
  }, [pair, body]);

  // Suggestions were for the pair's receipts: another pair clears them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pair is the trigger
  useEffect(() => setSuggestions([]), [pair]);
  useEffect(() => {
    if (shown) void load().catch(() => undefined);
  }, [load, shown]);

  const suggest = async () => {
    const ids = selected.map((r) => r.id);
    const envelope = await apiPost<Suggestion[]>('/tReceipt/suggestPutaway', { ...body(), ...(ids.length > 0 ? { ids } : {}) });
    if (envelope.code !== SUCCESS) return;
    setSuggestions((envelope.data ?? []).map((row, n) => ({ ...row, key: `${row.receiptRowId}/${n}` })));
    setTask(null);
    if ((envelope.data ?? []).some((s) => !s.destLocationId)) toast('warning', t('inbound.putaway.unplaced'));
  };

  const edit = (index: number, change: Partial<Suggestion>) =>
    setSuggestions((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const chosen = suggestions.filter((s) => s.destLocationId && s.qty && Number(s.qty) > 0);

  const create = async () => {
    if (!(await confirm('inbound.putaway.confirmCreate', { values: { count: chosen.length } }))) return;
    const envelope = await apiPost<{ whId: string; taskId: string }>('/tReceipt/createPutawayTasks', {
      whId: pair.whId,
      lines: chosen.map((s) => ({ receiptRowId: s.receiptRowId, destLocationId: s.destLocationId, qty: s.qty })),
    });
    if (envelope.code !== SUCCESS || !envelope.data) return;
    toast('success', t('inbound.putaway.created', { taskId: envelope.data.taskId }));
    setTask({ ...envelope.data, approved: false });
    setSuggestions([]);
    await load();
  };

  const approve = async () => {
    if (!task || !(await confirm('inventory.confirm.approve'))) return;
    const envelope = await apiPost<number>('/tblInvMovement/approvePlannedMove', { whId: task.whId, taskId: task.taskId });
    if (envelope.code !== SUCCESS) return;
    toast('success', t('inbound.putaway.approved', { taskId: task.taskId }));
    setTask({ ...task, approved: true });
    await load();
  };

  return (
    <div className="wharf-list-page inbound-desk" data-testid="putaway-page">
      <DeskFilterBar pair={pair} onPair={setPair} onSearch={() => void load().catch(() => undefined)} />
      <LocalTable
        title={t('inbound.putaway.ready')}
        tableId="putaway-ready"
        columns={READY_COLUMNS}
        rows={ready}
        loading={loading}
        height={260}
        onSelectionChange={setSelected}
        onRefresh={() => void load().catch(() => undefined)}
        toolbar={
          <SlButton
            size="small"
            variant="primary"
            outline
            disabled={ready.length === 0}
            data-testid="suggest"
            onClick={() => void suggest().catch(() => undefined)}
          >
            <SlIcon slot="prefix" name="signpost-split" />
            {selected.length > 0
              ? t('inbound.putaway.suggestSelected', { count: selected.length })
              : t('inbound.putaway.suggestAll')}
          </SlButton>
        }
      />
      {task && (
        <div className="inbound-desk__task" data-testid="putaway-task">
          <span>
            {t(task.approved ? 'inbound.putaway.taskApproved' : 'inbound.putaway.taskCreated', { taskId: task.taskId })}
          </span>
          <SlButton
            size="small"
            data-testid="task-lines"
            onClick={() => setLocation(linesUrl('movement', { whId: task.whId, taskId: task.taskId }))}
          >
            {t('inventory.action.lines')}
          </SlButton>
          <SlButton
            size="small"
            variant="success"
            disabled={task.approved || !canApprove}
            data-testid="task-approve"
            onClick={() => void approve().catch(() => undefined)}
          >
            {t('inventory.action.approve')}
          </SlButton>
        </div>
      )}
      {suggestions.length > 0 && (
        <>
          <h3 className="inbound-desk__title">{t('inbound.putaway.suggestions')}</h3>
          <div className="inbound-suggestions__scroll">
            <table className="inbound-suggestions" data-testid="suggestions">
              <thead>
                <tr>
                  {['receiptId', 'lineNumber', 'itemNumber', 'itemDescription', 'lotNumber', 'huId', 'locationId'].map((f) => (
                    <th key={f}>{t(`inbound.inspection.field.${f}`)}</th>
                  ))}
                  <th>{t('inbound.putaway.field.zone')}</th>
                  <th>{t('inbound.putaway.field.destLocationId')}</th>
                  <th>{t('inbound.putaway.field.qty')}</th>
                  <th>{t('inbound.inspection.field.uom')}</th>
                </tr>
              </thead>
              <tbody>
                {suggestions.map((s, i) => (
                  <tr key={s.key} className={s.destLocationId ? undefined : 'inbound-suggestions__unplaced'}>
                    <td>{s.receiptId}</td>
                    <td>{s.lineNumber}</td>
                    <td>{s.itemNumber}</td>
                    <td className="inbound-suggestions__wrap">{s.itemDescription}</td>
                    <td>{s.lotNumber}</td>
                    <td>{s.huId}</td>
                    <td>{s.sourceLocationId}</td>
                    <td>{s.zone ?? t('inbound.putaway.noRoom')}</td>
                    <td>
                      <SlInput
                        size="small"
                        value={s.destLocationId ?? ''}
                        maxlength={30}
                        placeholder={t('inbound.putaway.destPlaceholder')}
                        data-testid={`dest-${i}`}
                        onSlInput={(event) => edit(i, { destLocationId: (event.target as SlInputElement).value.trim() || null })}
                      />
                    </td>
                    <td>
                      <SlInput
                        size="small"
                        value={s.qty}
                        inputmode="decimal"
                        data-testid={`qty-${i}`}
                        onSlInput={(event) => edit(i, { qty: (event.target as SlInputElement).value.trim() })}
                      />
                    </td>
                    <td>{s.uom}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="wharf-filter-bar__buttons inbound-desk__actions">
            <SlButton
              variant="primary"
              disabled={!canEdit || chosen.length === 0}
              data-testid="create-task"
              onClick={() => void create().catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="check2-square" />
              {t('inbound.putaway.create')}
            </SlButton>
          </div>
        </>
      )}
    </div>
  );
}
