/**
 * The lines of one carton (Wms/TblShippingLabelDetail?cartonNumber&whId&t; spec 001 §2.11): 8 per page, no add, delete
 * or batch delete; the only row action is Split Carton (the split dialog). A header names the carton, its status and
 * order, with a way back to the carton list.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tblShippingLabelDetail } from '../../../shared/entities/shipping';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { useWaveQuery } from '../outbound/useWaveQuery';
import { SplitCartonDialog } from './SplitCartonDialog';
import { canSplit, SHIP_PERMISSION } from './shippingApi';
import { SHIPPING_URLS } from './shippingScreens';
import './shipping.css';

const KEYS = ['cartonNumber', 'whId'] as const;
/** Spec 001 §9: carton detail lists show 8 rows a page. */
const PAGE_SIZE = 8;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The carton above its lines: back to the list, its number, status, order, type and express number. */
function CartonHeader({ carton, cartonNumber }: { carton: EntityRow | null; cartonNumber: string }) {
  const t = useT();
  const [, setLocation] = useLocation();
  const label = (name: string) => t(`entity.tblShippingLabel.field.${name}`);
  return (
    <div className="ship-header" data-testid="carton-lines-header">
      <SlButton size="small" data-testid="back" onClick={() => setLocation(SHIPPING_URLS.cartons)}>
        <SlIcon slot="prefix" name="arrow-left" />
        {t('ship.lines.back')}
      </SlButton>
      <span className="ship-header__title">{t('ship.lines.title', { cartonNumber })}</span>
      <dl className="ship-header__facts">
        <dt>{label('status')}</dt>
        <dd data-testid="carton-status">{carton ? t(`code.cartonStatus.${text(carton.status)}`) : ''}</dd>
        <dt>{label('orderNumber')}</dt>
        <dd data-testid="carton-order">{text(carton?.orderNumber)}</dd>
        <dt>{label('cartonType')}</dt>
        <dd>{text(carton?.cartonType)}</dd>
        {carton?.shipLabelBarcode ? (
          <>
            <dt>{label('shipLabelBarcode')}</dt>
            <dd>{text(carton.shipLabelBarcode)}</dd>
          </>
        ) : null}
        <dt>{label('logicalWeight')}</dt>
        <dd>{text(carton?.logicalWeight)}</dd>
      </dl>
    </div>
  );
}

export function CartonLinesPage() {
  const { cartonNumber, whId } = useWaveQuery(SHIPPING_URLS.cartonLines, KEYS);
  const [carton, setCarton] = useState<EntityRow | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [splitting, setSplitting] = useState<EntityRow | null>(null);
  const canEdit = usePermission(SHIP_PERMISSION.edit);

  const loadCarton = useCallback(async () => {
    const envelope = await apiPost<PageResult<EntityRow>>('/tblShippingLabel/findPage', {
      pageNum: 1,
      pageSize: 1,
      columnFilters: { whId, cartonNumber: { value: cartonNumber, exact: true } },
    });
    if (envelope.code === SUCCESS) setCarton(envelope.data?.content[0] ?? null);
  }, [whId, cartonNumber]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh read
  useEffect(() => {
    setCarton(null);
    if (whId && cartonNumber) void loadCarton().catch(() => undefined);
  }, [loadCarton, whId, cartonNumber, reloadKey]);

  const status = carton?.status;
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'split',
        labelKey: 'ship.lines.split',
        allowed: canEdit,
        // A carton in a delivery, shipped or still open is not split (the server says why).
        disabledFor: () => !canSplit(status),
        onClick: (row) => setSplitting(row),
      },
    ],
    [canEdit, status],
  );
  const fixedFilters = useMemo(() => ({ whId, cartonNumber }), [whId, cartonNumber]);

  return (
    <>
      <EntityListPage
        key={`${whId}/${cartonNumber}`}
        entity={tblShippingLabelDetail}
        fixedFilters={fixedFilters}
        requiredFilters={KEYS}
        listUrl={SHIPPING_URLS.cartons}
        pageSize={PAGE_SIZE}
        reloadKey={reloadKey}
        rowActions={rowActions}
        showId
        header={<CartonHeader carton={carton} cartonNumber={cartonNumber} />}
      />
      <SplitCartonDialog line={splitting} onClose={() => setSplitting(null)} onSplit={() => setReloadKey((k) => k + 1)} />
    </>
  );
}
