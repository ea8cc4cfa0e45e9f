/**
 * The lines of one purchase order (Wms/TPoDetail?poNumber&whId; spec 001 §2.4): the PO's header above the table (number,
 * client, vendor, status), Add, 8 lines per page with edit and delete per row, the spec's columns (schedule number and
 * attribute values hidden, attribute type labels shown), and the line dialog. A closed or cancelled PO shows its lines
 * read-only and says why; a line with receipts cannot be deleted.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { tPoDetail } from '../../../shared/entities/tPoDetail';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlAlert, SlButton, SlIcon } from '../../kit/sl';
import { DocumentLineDialog } from '../inventory/DocumentLineDialog';
import { ATTRIBUTE_COLUMNS } from '../inventory/useLineSteps';
import { isFinishedPo, PO_LINES_URL, PO_LIST_URL } from './poScreens';
import './inbound.css';

const hasReceipts = (row: EntityRow): boolean => Number(row.qtyReceived ?? 0) > 0;
/** Opened without its PO, the screen asks nothing and offers the PO list. */
const KEYS = ['whId', 'poNumber'] as const;

export function PoLinesPage() {
  const t = useT();
  const [location, setLocation] = useLocation();
  // The tab stays mounted while other screens show: keep the PO it was opened for until another PO is opened.
  const params = new URLSearchParams(useSearch());
  // A new opening (another `t`, spec 001 §2) reads the PO and its lines afresh.
  const [po, setPo] = useState({
    poNumber: params.get('poNumber') ?? '',
    whId: params.get('whId') ?? '',
    visit: params.get('t') ?? '',
  });
  const nextPo = params.get('poNumber') ?? '';
  const nextWhId = params.get('whId') ?? '';
  const nextVisit = params.get('t') ?? '';
  useEffect(() => {
    if (location === PO_LINES_URL && nextPo && nextWhId) setPo({ poNumber: nextPo, whId: nextWhId, visit: nextVisit });
  }, [location, nextPo, nextWhId, nextVisit]);
  const { poNumber, whId, visit } = po;
  const [header, setHeader] = useState<EntityRow | null>(null);

  const loadHeader = useCallback(async () => {
    const envelope = await apiPost<PageResult<EntityRow>>('/tPoMaster/findPage', {
      pageNum: 1,
      pageSize: 1,
      columnFilters: { whId, poNumber: { value: poNumber, exact: true } },
    });
    if (envelope.code === SUCCESS) setHeader(envelope.data?.content[0] ?? null);
  }, [whId, poNumber]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: visit stands for a repeated navigation
  useEffect(() => {
    if (poNumber && whId) void loadHeader().catch(() => undefined);
  }, [loadHeader, poNumber, whId, visit]);

  const fixedFilters = useMemo(() => ({ whId, poNumber }), [whId, poNumber]);
  const finished = isFinishedPo(header);
  const status = header ? t(`code.poStatus.${String(header.status)}`) : '';

  return (
    <EntityListPage
      key={`${whId}/${poNumber}/${visit}`}
      entity={tPoDetail}
      fixedFilters={fixedFilters}
      requiredFilters={KEYS}
      listUrl={PO_LIST_URL}
      pageSize={8}
      showId
      locked={finished}
      extraColumns={ATTRIBUTE_COLUMNS}
      deleteCall="batchDelete"
      deleteLocked={hasReceipts}
      onChanged={() => void loadHeader().catch(() => undefined)}
      renderDialog={(props) => (
        <DocumentLineDialog
          {...props}
          linesEntity="tPoDetail"
          docField="poNumber"
          clientCode={String(header?.clientCode ?? '')}
        />
      )}
      header={
        <div className="inbound-po-header" data-testid="po-header">
          <SlButton size="small" data-testid="back" onClick={() => setLocation(PO_LIST_URL)}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('inbound.po.back')}
          </SlButton>
          <span className="inbound-po-header__title">{t('inbound.po.header', { poNumber })}</span>
          <dl className="inbound-po-header__facts">
            <dt>{t('entity.tPoMaster.field.whId')}</dt>
            <dd>{whId}</dd>
            <dt>{t('entity.tPoMaster.field.clientCode')}</dt>
            <dd data-testid="po-client">{String(header?.clientCode ?? '')}</dd>
            <dt>{t('entity.tPoMaster.field.vendorCode')}</dt>
            <dd data-testid="po-vendor">{String(header?.vendorCode ?? '')}</dd>
            <dt>{t('entity.tPoMaster.field.status')}</dt>
            <dd data-testid="po-status">{status}</dd>
          </dl>
          {finished ? (
            <SlAlert variant="warning" open data-testid="po-locked">
              <SlIcon slot="icon" name="lock" />
              {t('inbound.po.locked', { status })}
            </SlAlert>
          ) : null}
        </div>
      }
    />
  );
}
