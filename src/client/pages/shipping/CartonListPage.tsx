/**
 * Outbound cartons (menu Wms/TblShippingLabel; optionally `?whId&orderNumber|waveId|deliveryNumber&t` from the packing
 * bench or a delivery): the generic view-only list of cartons with their status labels; row actions open a carton's
 * lines (where it is split) and print its label; on the checked rows: apply ship labels, print labels, generate a
 * delivery, remove from their delivery; choose the carrier of cartons whose order names none (before their label, with
 * `sys:tblShippingLabel:setCarrier`). Buttons follow `sys:tblShippingLabel:*`; the server is the guard.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SET_CARRIER_PERMISSION, tblShippingLabel } from '../../../shared/entities/shipping';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePdfDialog } from '../../kit/PdfDialog';
import { screenUrl } from '../../kit/screenUrl';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import type { Filters } from '../../kit/useFindPage';
import { GenerateDeliveryDialog } from './GenerateDeliveryDialog';
import { SetCarrierDialog } from './SetCarrierDialog';
import {
  type AppliedLabel,
  canDeliver,
  canLabel,
  canSetCarrier,
  fileNamePart,
  hasLabel,
  inOpenDelivery,
  SHIP_PERMISSION,
  sameWarehouse,
} from './shippingApi';
import { SHIPPING_URLS } from './shippingScreens';
import './shipping.css';

/** The query values that narrow the list (the warehouse with an order, a wave or a delivery). */
const SCOPE_KEYS = ['whId', 'orderNumber', 'waveId', 'deliveryNumber'] as const;
/** The most express numbers one toast lists; the rest are counted. */
const TOAST_LIST = 8;

/**
 * The last narrowing the list was opened with. Only kept-alive screens stay mounted while another tab shows: this one
 * mounts again on a return without a query (back from a carton's lines, its tab), and finds its narrowing here.
 */
let lastScope: Filters = {};

function readScope(search: string): Filters {
  const params = new URLSearchParams(search);
  const scope: Filters = {};
  for (const key of SCOPE_KEYS) {
    const value = params.get(key);
    if (value) scope[key] = value;
  }
  return scope;
}

/** Lists values in a toast: the first few, then how many more. */
function listed(values: readonly string[], more: (count: number) => string): string {
  const shown = values.slice(0, TOAST_LIST).join(' · ');
  return values.length > TOAST_LIST ? `${shown} · ${more(values.length - TOAST_LIST)}` : shown;
}

export function CartonListPage() {
  const t = useT();
  const confirm = useConfirm();
  const [location, setLocation] = useLocation();
  const search = useSearch();
  // A navigation with its query (and timestamp) narrows the list anew; one without keeps the last narrowing.
  const [scope, setScope] = useState<Filters>(() => (new URLSearchParams(search).has('t') ? readScope(search) : lastScope));
  useEffect(() => {
    if (location === SHIPPING_URLS.cartons && new URLSearchParams(search).has('t')) setScope(readScope(search));
  }, [location, search]);
  useEffect(() => {
    lastScope = scope;
  }, [scope]);
  const [reloadKey, setReloadKey] = useState(0);
  const [delivering, setDelivering] = useState<readonly EntityRow[] | null>(null);
  const [choosingCarrier, setChoosingCarrier] = useState<readonly EntityRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const pdf = usePdfDialog();
  const canView = usePermission(SHIP_PERMISSION.view);
  const canAdd = usePermission(SHIP_PERMISSION.add);
  const canEdit = usePermission(SHIP_PERMISSION.edit);
  const canDelete = usePermission(SHIP_PERMISSION.delete);
  const mayChooseCarrier = usePermission(SET_CARRIER_PERMISSION);
  const reload = () => setReloadKey((k) => k + 1);

  /** The rows of one warehouse, or a warning and null. */
  const batch = useCallback(
    (rows: readonly EntityRow[]): { whId: string; cartonNumbers: string[] } | null => {
      if (rows.length === 0) return null;
      if (!sameWarehouse(rows)) {
        toast('warning', t('ship.carton.oneWarehouse'));
        return null;
      }
      return { whId: String(rows[0]!.whId), cartonNumbers: rows.map((r) => String(r.cartonNumber)) };
    },
    [t],
  );

  const applyLabels = async (rows: readonly EntityRow[]) => {
    const body = batch(rows);
    if (!body) return;
    setBusy(true);
    try {
      const envelope = await apiPost<AppliedLabel[]>('/tblShippingLabel/applyShipLabel', body);
      if (envelope.code !== SUCCESS) return;
      const labels = (envelope.data ?? []).map((label) =>
        t('ship.carton.labelOf', { cartonNumber: label.cartonNumber, shipLabelBarcode: label.shipLabelBarcode }),
      );
      toast(
        'success',
        listed(labels, (count) => t('ship.carton.more', { count })),
      );
      reload();
    } finally {
      setBusy(false);
    }
  };

  const printLabels = useCallback(
    async (rows: readonly EntityRow[]) => {
      const body = batch(rows);
      if (!body) return;
      await pdf.show(
        '/tblShippingLabel/printLabels',
        body,
        t('ship.carton.labelsTitle', { count: body.cartonNumbers.length }),
        `labels-${fileNamePart(body.cartonNumbers)}.pdf`,
      );
    },
    [batch, pdf.show, t],
  );

  const deliver = (rows: readonly EntityRow[]) => {
    if (!batch(rows)) return;
    if (!rows.every((r) => r.carrier === rows[0]?.carrier)) {
      toast('warning', t('ship.carton.oneCarrier'));
      return;
    }
    setDelivering(rows);
  };

  const removeFromDelivery = async (rows: readonly EntityRow[]) => {
    const body = batch(rows);
    if (!body) return;
    const deliveries = [...new Set(rows.map((r) => String(r.deliveryNumber ?? '')))].join(', ');
    if (!(await confirm('ship.carton.confirmRemove', { danger: true, values: { count: rows.length, deliveries } }))) return;
    setBusy(true);
    try {
      const envelope = await apiPost<number>('/tblShippingLabel/removeFromDelivery', body);
      if (envelope.code !== SUCCESS) return;
      toast('success', t('ship.carton.removed', { count: Number(envelope.data ?? 0) }));
      reload();
    } finally {
      setBusy(false);
    }
  };

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'lines',
        labelKey: 'ship.carton.lines',
        allowed: canView,
        onClick: (row) => setLocation(screenUrl(SHIPPING_URLS.cartonLines, { cartonNumber: row.cartonNumber, whId: row.whId })),
      },
      {
        key: 'printLabel',
        labelKey: 'ship.carton.printLabel',
        allowed: canView,
        disabledFor: (row) => !hasLabel(row),
        onClick: (row) => void printLabels([row]).catch(() => undefined),
      },
    ],
    [canView, setLocation, printLabels],
  );

  const scoped = Object.keys(scope).length > 0;
  const run = (action: () => Promise<void>) => () => void action().catch(() => undefined);

  return (
    <>
      <EntityListPage
        key={JSON.stringify(scope)}
        entity={tblShippingLabel}
        fixedFilters={scoped ? scope : undefined}
        rowActions={rowActions}
        reloadKey={reloadKey}
        header={
          scoped ? (
            <div className="ship-header" data-testid="carton-scope">
              <dl className="ship-header__facts">
                {SCOPE_KEYS.filter((key) => scope[key]).map((key) => (
                  <div key={key} className="ship-header__facts">
                    <dt>{t(`entity.tblShippingLabel.field.${key}`)}</dt>
                    <dd>{scope[key]}</dd>
                  </div>
                ))}
              </dl>
              <SlButton
                size="small"
                data-testid="show-all"
                onClick={() => {
                  setScope({});
                  setLocation(SHIPPING_URLS.cartons);
                }}
              >
                <SlIcon slot="prefix" name="x-circle" />
                {t('ship.carton.showAll')}
              </SlButton>
            </div>
          ) : null
        }
        toolbarExtra={(selected) => (
          <>
            {mayChooseCarrier ? (
              <SlButton
                size="small"
                disabled={busy || selected.length === 0 || !selected.every(canSetCarrier)}
                data-testid="set-carrier"
                onClick={() => {
                  if (batch(selected)) setChoosingCarrier(selected);
                }}
              >
                <SlIcon slot="prefix" name="truck-front" />
                {t('ship.carrier.set')}
              </SlButton>
            ) : null}
            <SlButton
              size="small"
              variant="primary"
              outline
              disabled={!canEdit || busy || selected.length === 0 || !selected.every(canLabel)}
              data-testid="apply-label"
              onClick={run(() => applyLabels(selected))}
            >
              <SlIcon slot="prefix" name="upc" />
              {t('ship.carton.applyLabel')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canView || pdf.busy || selected.length === 0 || !selected.every(hasLabel)}
              loading={pdf.busy}
              data-testid="print-labels"
              onClick={run(() => printLabels(selected))}
            >
              <SlIcon slot="prefix" name="printer" />
              {t('ship.carton.printLabels')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canAdd || busy || selected.length === 0 || !selected.every(canDeliver)}
              data-testid="generate-delivery"
              onClick={() => deliver(selected)}
            >
              <SlIcon slot="prefix" name="truck" />
              {t('ship.carton.generateDelivery')}
            </SlButton>
            <SlButton
              size="small"
              variant="danger"
              outline
              disabled={!canDelete || busy || selected.length === 0 || !selected.every(inOpenDelivery)}
              data-testid="remove-from-delivery"
              onClick={run(() => removeFromDelivery(selected))}
            >
              <SlIcon slot="prefix" name="box-arrow-left" />
              {t('ship.carton.removeFromDelivery')}
            </SlButton>
          </>
        )}
      />
      <GenerateDeliveryDialog cartons={delivering} onClose={() => setDelivering(null)} onDone={reload} />
      <SetCarrierDialog cartons={choosingCarrier} onClose={() => setChoosingCarrier(null)} onDone={reload} />
      {pdf.dialog}
    </>
  );
}
