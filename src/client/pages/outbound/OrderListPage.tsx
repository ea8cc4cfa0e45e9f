/**
 * Outbound orders (menu Wms/TOrder; spec 001 §3 "Order", §4, §7 tOrder): the parameterised search (`findPageByPara`:
 * warehouse/client pair, order number with %, status, type, carrier, item, order and ship date ranges) with each
 * order's line count and total quantity; add and edit the header (main fields, the rest folded under "more"); row
 * actions open the lines, confirm a new order and cancel a new or confirmed one, each after a confirmation. Only a new
 * order is edited or deleted. A new order opens its lines at once.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tOrder } from '../../../shared/entities/tOrder';
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
import { localDay } from './localDay';
import { isChangeableOrder, ORDER_LINES_URL, orderUrl } from './ordersScreens';
import '../inbound/inbound.css';

const REQUIRED = ['whId'] as const;
const EXTRA_FILTERS: readonly ExtraFilter[] = [
  { key: 'itemNumber', labelKey: 'outbound.order.itemNumber', type: 'text', exact: true },
  { key: 'orderDateFrom', labelKey: 'outbound.order.orderDateFrom', type: 'date' },
  { key: 'orderDateTo', labelKey: 'outbound.order.orderDateTo', type: 'date' },
  { key: 'shipDateFrom', labelKey: 'outbound.order.shipDateFrom', type: 'date' },
  { key: 'shipDateTo', labelKey: 'outbound.order.shipDateTo', type: 'date' },
];
const TOTALS: readonly ExtraColumn[] = [
  { field: 'lineCount', headerKey: 'outbound.order.lineCount', minWidth: 70, after: 'status' },
  { field: 'totalQty', headerKey: 'outbound.order.totalQty', minWidth: 90, after: 'lineCount' },
];

/** The header's server-kept facts, shown read-only while editing: status, who created and confirmed it, its wave. */
function OrderFacts({ row }: { row: Record<string, unknown> | null }) {
  const t = useT();
  // A new order: its number's hint stands beside the field (FieldDef.autoNumber).
  if (row?.id === undefined || row.id === null) return null;
  return (
    <p className="inbound-hint" data-testid="order-facts">
      {t('outbound.order.readOnlyInfo', {
        status: t(`code.orderStatus.${String(row.status)}`),
        createBy: String(row.createBy ?? '—'),
        confirmBy: String(row.confirmBy ?? '—'),
        waveId: String(row.waveId ?? '—'),
      })}
    </p>
  );
}

export function OrderListPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const canView = usePermission(permission('tOrder', 'view'));
  const canEdit = usePermission(permission('tOrder', 'edit'));

  const act = useCallback(
    async (call: 'confirmOrder' | 'cancelOrder', question: string, row: EntityRow) => {
      const values = { orderNumber: String(row.orderNumber) };
      if (!(await confirm(question, { danger: call === 'cancelOrder', values }))) return;
      const envelope = await apiPost<number>(`/tOrder/${call}`, { whId: row.whId, orderNumber: row.orderNumber });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('kit.toast.success'));
      setReloadKey((k) => k + 1);
    },
    [confirm, t],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'lines',
        labelKey: 'outbound.order.lines',
        primary: true,
        allowed: canView,
        onClick: (row) => setLocation(orderUrl(ORDER_LINES_URL, row)),
      },
      {
        key: 'confirm',
        labelKey: 'outbound.order.confirm',
        allowed: canEdit,
        disabledFor: (row) => row.status !== 'N' || Number(row.lineCount ?? 0) === 0,
        onClick: (row) => void act('confirmOrder', 'outbound.order.confirmConfirm', row).catch(() => undefined),
      },
      {
        key: 'cancel',
        labelKey: 'outbound.order.cancel',
        allowed: canEdit,
        danger: true,
        disabledFor: (row) => (row.status !== 'N' && row.status !== 'C') || Boolean(row.waveId),
        onClick: (row) => void act('cancelOrder', 'outbound.order.confirmCancel', row).catch(() => undefined),
      },
    ],
    [canView, canEdit, act, setLocation],
  );

  // A new order opens its lines at once: entering them is why it was created.
  const renderDialog = useCallback(
    (props: FormDialogProps) => (
      <DocumentHeaderDialog
        {...props}
        newRow={{ typeId: 'SO', priority: 50, lockFlag: 'N', orderDate: localDay() }}
        openLines={(row) => setLocation(orderUrl(ORDER_LINES_URL, row))}
      >
        <OrderFacts row={props.row} />
      </DocumentHeaderDialog>
    ),
    [setLocation],
  );

  return (
    <EntityListPage
      entity={tOrder}
      findCall="findPageByPara"
      requiredFilters={REQUIRED}
      extraFilters={EXTRA_FILTERS}
      extraColumns={TOTALS}
      rowActions={rowActions}
      reloadKey={reloadKey}
      renderDialog={renderDialog}
      rowLocked={(row) => !isChangeableOrder(row)}
    />
  );
}
