/**
 * PO reconciliation (Wms/PoReconcile?poNumber&whId): ordered against received per line — short, over and damaged
 * highlighted — from `tReceipt/receiptReconcile`, and the Close PO button (sys:tPoMaster:edit) with confirmation, after
 * which the PO takes no more receipts.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { DataTable, TABLE_HEIGHT, type TableColumn } from '../../kit/DataTable';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlAlert, SlButton, SlIcon } from '../../kit/sl';
import { formatDate } from '../../kit/tableState';
import { poUrl } from './poScreens';
import { postReceipt } from './ReceiptDialog';
import type { PoLineView, PoView } from './ReceivingPage';
import '../inventory/inventory.css';
import './inbound.css';

interface ReconcileLine extends PoLineView {
  good: string;
  short: string;
  over: string;
}
interface Reconciliation extends Omit<PoView, 'lines'> {
  closedDate: string | null;
  closeBy: string | null;
  lines: ReconcileLine[];
}
type LineRow = ReconcileLine & Record<string, unknown>;

/** A quantity that needs a look shows with a marker the table and its export both carry. */
const flagged = (value: unknown) => (Number(value) > 0 ? `⚠ ${String(value)}` : String(value ?? ''));

export function ReconcilePage() {
  const t = useT();
  const confirm = useConfirm();
  const [location, setLocation] = useLocation();
  const params = new URLSearchParams(useSearch());
  const canClose = usePermission(permission('tPoMaster', 'edit'));
  // The tab stays mounted while other screens show: keep its PO until another is opened.
  // A new opening (another `t`, spec 001 §2) reads the PO again.
  const [which, setWhich] = useState({ poNumber: params.get('poNumber') ?? '', whId: params.get('whId') ?? '' });
  const [visit, setVisit] = useState(params.get('t') ?? '');
  const nextPo = params.get('poNumber') ?? '';
  const nextWh = params.get('whId') ?? '';
  const nextVisit = params.get('t') ?? '';
  useEffect(() => {
    if (location !== '/Wms/PoReconcile' || !nextPo || !nextWh) return;
    setWhich((current) =>
      current.poNumber === nextPo && current.whId === nextWh ? current : { poNumber: nextPo, whId: nextWh },
    );
    setVisit(nextVisit);
  }, [location, nextPo, nextWh, nextVisit]);
  const [data, setData] = useState<Reconciliation | null>(null);

  const load = useCallback(async () => {
    if (!which.poNumber || !which.whId) return;
    try {
      const envelope = await apiPost<Reconciliation>('/tReceipt/receiptReconcile', which);
      setData(envelope.code === SUCCESS ? envelope.data : null);
    } catch {
      setData(null);
    }
  }, [which]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: visit stands for a repeated navigation
  useEffect(() => {
    void load();
  }, [load, visit]);

  const columns = useMemo<TableColumn<LineRow>[]>(
    () => [
      { field: 'lineNumber', headerKey: 'entity.tReceipt.field.lineNumber', minWidth: 70 },
      { field: 'itemNumber', headerKey: 'entity.tReceipt.field.itemNumber', minWidth: 130 },
      { field: 'itemDescription', headerKey: 'entity.common.field.itemDescription', minWidth: 180 },
      { field: 'orderUom', headerKey: 'entity.tReceipt.field.uom', minWidth: 70 },
      { field: 'ordered', headerKey: 'inbound.receiving.ordered', minWidth: 90 },
      { field: 'received', headerKey: 'inbound.receiving.received', minWidth: 90 },
      { field: 'good', headerKey: 'inbound.reconcile.good', minWidth: 90 },
      { field: 'damaged', headerKey: 'entity.tReceipt.field.qtyDamaged', minWidth: 90, format: flagged },
      { field: 'short', headerKey: 'inbound.reconcile.short', minWidth: 90, format: flagged },
      { field: 'over', headerKey: 'inbound.reconcile.over', minWidth: 90, format: flagged },
      {
        field: 'result',
        headerKey: 'inbound.reconcile.result',
        minWidth: 130,
        format: (_, row) =>
          [
            Number(row.short) > 0 ? t('inbound.reconcile.short') : '',
            Number(row.over) > 0 ? t('inbound.reconcile.over') : '',
            Number(row.damaged) > 0 ? t('entity.tReceipt.field.qtyDamaged') : '',
          ]
            .filter(Boolean)
            .join(' · ') || t('inbound.reconcile.matched'),
      },
    ],
    [t],
  );

  const open = data !== null && (data.status === 'O' || data.status === 'R');
  const close = async () => {
    if (!data || !(await confirm('inbound.reconcile.confirmClose', { danger: true, values: { poNumber: data.poNumber } })))
      return;
    const closed = await postReceipt<Reconciliation>('/tReceipt/receiptReconcile', { ...which, close: true }, () =>
      t('inbound.reconcile.closedToast', { poNumber: which.poNumber }),
    );
    if (closed) setData(closed);
  };
  const issues = (data?.lines ?? []).filter((l) => Number(l.short) > 0 || Number(l.over) > 0 || Number(l.damaged) > 0).length;

  return (
    <div className="wharf-list-page inbound-reconcile" data-testid="reconcile-page">
      <div className="inventory-task-header" data-testid="reconcile-header">
        <SlButton size="small" data-testid="back" onClick={() => setLocation('/Wms/TReceipt')}>
          <SlIcon slot="prefix" name="arrow-left" />
          {t('inbound.reconcile.back')}
        </SlButton>
        <span className="inventory-task-header__title">
          {t('inbound.reconcile.title')} {which.poNumber} · {which.whId}
          {data ? ` · ${data.vendorCode ?? ''} · ${t(`code.poStatus.${data.status}`)}` : ''}
          {data?.closedDate
            ? ` · ${t('inbound.reconcile.closedBy', { date: formatDate(data.closedDate), user: data.closeBy ?? '' })}`
            : ''}
        </span>
        <SlButton
          size="small"
          data-testid="reconcile-receive"
          disabled={!open}
          onClick={() => setLocation(poUrl('/Wms/Receiving', which))}
        >
          <SlIcon slot="prefix" name="box-arrow-in-down" />
          {t('inbound.receiving.title')}
        </SlButton>
        <SlButton
          size="small"
          variant="danger"
          disabled={!open || !canClose}
          data-testid="reconcile-close"
          onClick={() => void close()}
        >
          <SlIcon slot="prefix" name="lock" />
          {t('inbound.reconcile.close')}
        </SlButton>
        {data ? (
          <SlAlert open variant={issues > 0 ? 'warning' : 'success'} data-testid="reconcile-summary">
            <SlIcon slot="icon" name={issues > 0 ? 'exclamation-triangle' : 'check2-circle'} />
            {issues > 0 ? t('inbound.reconcile.issues', { count: issues }) : t('inbound.reconcile.allMatched')}
          </SlAlert>
        ) : null}
      </div>
      <DataTable<LineRow>
        height={TABLE_HEIGHT.list}
        tableId="poReconcile"
        columns={columns}
        rows={(data?.lines ?? []) as LineRow[]}
        total={data?.lines.length ?? 0}
        pageNum={1}
        pageSize={Math.max(data?.lines.length ?? 0, 1)}
        wholeList
        onPageChange={() => undefined}
        onRefresh={() => void load()}
        exportName={`${t('inbound.reconcile.title')} ${which.poNumber}`}
      />
    </div>
  );
}
