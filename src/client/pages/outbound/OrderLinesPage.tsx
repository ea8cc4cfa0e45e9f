/**
 * The lines of one outbound order (Wms/TOrderDetail?orderNumber&whId&t; spec 001 §2.5): the order's header above the
 * table (number, client, customer, status), Add, 8 lines per page with edit and delete per row, attribute type labels
 * shown and values hidden, and the line dialog. An order that is no longer new shows its lines read-only and says why.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { tOrderDetail } from '../../../shared/entities/tOrderDetail';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlAlert, SlButton, SlIcon } from '../../kit/sl';
import { DocumentLineDialog } from '../inventory/DocumentLineDialog';
import { ATTRIBUTE_COLUMNS } from '../inventory/useLineSteps';
import { isChangeableOrder, ORDER_LINES_URL, ORDER_LIST_URL } from './ordersScreens';
import '../inbound/inbound.css';

/** Spec 001 §2.5: the line dialog shows the warehouse and the order number, read-only. */
const ORDER_FIELDS: ReadonlySet<string> = new Set(['whId', 'orderNumber']);
/** Opened without its order, the screen asks nothing and offers the order list. */
const KEYS = ['whId', 'orderNumber'] as const;

export function OrderLinesPage() {
  const t = useT();
  const [location, setLocation] = useLocation();
  // The tab stays mounted while other screens show: keep the order it was opened for until another order is opened.
  const params = new URLSearchParams(useSearch());
  const [order, setOrder] = useState({ orderNumber: params.get('orderNumber') ?? '', whId: params.get('whId') ?? '' });
  const nextOrder = params.get('orderNumber') ?? '';
  const nextWhId = params.get('whId') ?? '';
  const visit = params.get('t') ?? '';
  useEffect(() => {
    if (location === ORDER_LINES_URL && nextOrder && nextWhId) setOrder({ orderNumber: nextOrder, whId: nextWhId });
  }, [location, nextOrder, nextWhId]);
  const { orderNumber, whId } = order;
  const [header, setHeader] = useState<EntityRow | null>(null);

  const loadHeader = useCallback(async () => {
    const envelope = await apiPost<PageResult<EntityRow>>('/tOrder/findPage', {
      pageNum: 1,
      pageSize: 1,
      columnFilters: { whId, orderNumber: { value: orderNumber, exact: true } },
    });
    if (envelope.code === SUCCESS) setHeader(envelope.data?.content[0] ?? null);
  }, [whId, orderNumber]);
  // A new visit (another timestamp) reads the header again: it may have been confirmed meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: visit stands for a repeated navigation
  useEffect(() => {
    if (orderNumber && whId) void loadHeader().catch(() => undefined);
  }, [loadHeader, orderNumber, whId, visit]);

  const fixedFilters = useMemo(() => ({ whId, orderNumber }), [whId, orderNumber]);
  const locked = header !== null && !isChangeableOrder(header);
  const status = header ? t(`code.orderStatus.${String(header.status)}`) : '';

  return (
    <EntityListPage
      key={`${whId}/${orderNumber}/${visit}`}
      entity={tOrderDetail}
      fixedFilters={fixedFilters}
      requiredFilters={KEYS}
      listUrl={ORDER_LIST_URL}
      pageSize={8}
      showId
      locked={locked}
      extraColumns={ATTRIBUTE_COLUMNS}
      deleteCall="batchDelete"
      onChanged={() => void loadHeader().catch(() => undefined)}
      renderDialog={(props) => (
        <DocumentLineDialog
          {...props}
          linesEntity="tOrderDetail"
          docField="orderNumber"
          clientCode={String(header?.clientCode ?? '')}
          shownFields={ORDER_FIELDS}
        />
      )}
      header={
        <div className="inbound-po-header" data-testid="order-header">
          <SlButton size="small" data-testid="back" onClick={() => setLocation(ORDER_LIST_URL)}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('outbound.order.back')}
          </SlButton>
          <span className="inbound-po-header__title">{t('outbound.order.header', { orderNumber })}</span>
          <dl className="inbound-po-header__facts">
            <dt>{t('entity.tOrder.field.whId')}</dt>
            <dd>{whId}</dd>
            <dt>{t('entity.tOrder.field.clientCode')}</dt>
            <dd data-testid="order-client">{String(header?.clientCode ?? '')}</dd>
            <dt>{t('entity.tOrder.field.customerName')}</dt>
            <dd data-testid="order-customer">{String(header?.customerName ?? header?.customerCode ?? '')}</dd>
            <dt>{t('entity.tOrder.field.status')}</dt>
            <dd data-testid="order-status">{status}</dd>
          </dl>
          {locked ? (
            <SlAlert variant="warning" open data-testid="order-locked">
              <SlIcon slot="icon" name="lock" />
              {t('outbound.order.locked', { status })}
            </SlAlert>
          ) : null}
        </div>
      }
    />
  );
}
