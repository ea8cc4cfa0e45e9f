/**
 * Purchase orders (menu Wms/TPoMaster; spec 001 §3 "PO master", §7 tPoMaster): the parameterised search
 * (`findPageByPara`: warehouse/client pair, PO number with %, vendor, type, status, item, creation and delivery date
 * ranges) with each PO's line count and ordered and received totals; add and edit the header; row actions open the
 * lines, the receiving desk and the reconciliation, and cancel an open PO. A new PO opens its lines at once.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tPoMaster } from '../../../shared/entities/tPoMaster';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { DocumentHeaderDialog } from '../../kit/DocumentHeaderDialog';
import { EntityListPage, type EntityRow, type ExtraColumn, type ExtraFilter } from '../../kit/EntityListPage';
import type { FormDialogProps } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { formatDate } from '../../kit/tableState';
import { isFinishedPo, PO_LINES_URL, poUrl } from './poScreens';
import './inbound.css';

const REQUIRED = ['whId'] as const;
/** A new PO starts as a standard order without appointment; the number is left blank for the series. */
const NEW_PO = { typeId: 'STD', appointmentStatus: 'N' } as const;
const EXTRA_FILTERS: readonly ExtraFilter[] = [
  { key: 'itemNumber', labelKey: 'inbound.po.itemNumber', type: 'text', exact: true },
  { key: 'createDateFrom', labelKey: 'inbound.po.createDateFrom', type: 'date' },
  { key: 'createDateTo', labelKey: 'inbound.po.createDateTo', type: 'date' },
  { key: 'deliveryDateFrom', labelKey: 'inbound.po.deliveryDateFrom', type: 'date' },
  { key: 'deliveryDateTo', labelKey: 'inbound.po.deliveryDateTo', type: 'date' },
];
const TOTALS: readonly ExtraColumn[] = [
  { field: 'lineCount', headerKey: 'inbound.po.lineCount', minWidth: 70, after: 'status' },
  { field: 'qtyOrdered', headerKey: 'inbound.po.qtyOrdered', minWidth: 90, after: 'lineCount' },
  { field: 'qtyReceived', headerKey: 'inbound.po.qtyReceived', minWidth: 90, after: 'qtyOrdered' },
];

/** The header's server-kept facts, shown read-only while editing: status, created (when, by whom), closed. */
function PoFacts({ row }: { row: Record<string, unknown> | null }) {
  const t = useT();
  // A new PO: its number's hint stands beside the field (FieldDef.autoNumber).
  if (row?.id === undefined || row.id === null) return null;
  const date = (value: unknown) => formatDate(value) || '—';
  return (
    <p className="inbound-hint" data-testid="po-facts">
      {t('inbound.po.readOnlyInfo', {
        status: t(`code.poStatus.${String(row.status)}`),
        createDate: date(row.createDate),
        createBy: String(row.createBy ?? ''),
        closedDate: date(row.closedDate),
      })}
    </p>
  );
}

export function PoListPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const canView = usePermission(permission('tPoMaster', 'view'));
  const canEdit = usePermission(permission('tPoMaster', 'edit'));
  const canReceive = usePermission(permission('tReceipt', 'add'));
  // The reconciliation reads with a view permission of receipts or POs (closing there needs sys:tPoMaster:edit).
  const canReconcile = usePermission(permission('tReceipt', 'view')) || canView;

  const cancel = useCallback(
    async (row: EntityRow) => {
      if (!(await confirm('inbound.po.confirmCancel', { danger: true, values: { poNumber: String(row.poNumber) } }))) return;
      const envelope = await apiPost<number>('/tPoMaster/cancelPo', { whId: row.whId, poNumber: row.poNumber });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('kit.toast.success'));
      setReloadKey((k) => k + 1);
    },
    [confirm, t],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      // The button a row keeps (the others fold into its menu): a PO's lines open whatever its state.
      {
        key: 'lines',
        labelKey: 'inbound.po.lines',
        allowed: canView,
        primary: true,
        onClick: (row) => setLocation(poUrl(PO_LINES_URL, row)),
      },
      {
        key: 'receive',
        labelKey: 'inbound.po.receive',
        allowed: canReceive,
        disabledFor: isFinishedPo,
        onClick: (row) => setLocation(poUrl('/Wms/Receiving', row)),
      },
      {
        key: 'reconcile',
        labelKey: 'inbound.po.reconcile',
        allowed: canReconcile,
        disabledFor: isFinishedPo,
        onClick: (row) => setLocation(poUrl('/Wms/PoReconcile', row)),
      },
      {
        key: 'cancel',
        labelKey: 'inbound.po.cancel',
        allowed: canEdit,
        danger: true,
        disabledFor: (row) => row.status !== 'O',
        onClick: (row) => void cancel(row).catch(() => undefined),
      },
    ],
    [canView, canReceive, canReconcile, canEdit, cancel, setLocation],
  );

  // A new PO opens its lines at once: entering them is why it was created (like a new movement task).
  const renderDialog = useCallback(
    (props: FormDialogProps) => (
      <DocumentHeaderDialog {...props} newRow={NEW_PO} openLines={(row) => setLocation(poUrl(PO_LINES_URL, row))}>
        <PoFacts row={props.row} />
      </DocumentHeaderDialog>
    ),
    [setLocation],
  );

  return (
    <EntityListPage
      entity={tPoMaster}
      findCall="findPageByPara"
      requiredFilters={REQUIRED}
      extraFilters={EXTRA_FILTERS}
      extraColumns={TOTALS}
      rowActions={rowActions}
      reloadKey={reloadKey}
      renderDialog={renderDialog}
      rowLocked={isFinishedPo}
    />
  );
}
