/**
 * Deliveries (menu Wms/TDelivery): the generic view-only list of deliveries with their status labels; per row its
 * cartons (the carton list narrowed to the delivery), the delivery note, dispatch list and packing list as PDFs, and
 * ship (shippingByDelivery, confirmed first, only while the delivery is open). `sys:tblShippingLabel:*` as the calls.
 * A delivery handed over at a dock station (issue 16) shows who signed and when (the pod* columns) and its proof of
 * delivery: the signed delivery note the server stored (`getPodDocument`). The toolbar's "Unattached proofs (n)" opens
 * the signatures no delivery could take (issue 25 item 2, `UnattachedPods.tsx`): attached, a delivery offers its proof.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tDelivery } from '../../../shared/entities/shipping';
import type { PodDocumentRequest } from '../../../shared/kiosk';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePdfDialog } from '../../kit/PdfDialog';
import { screenUrl } from '../../kit/screenUrl';
import { usePermission } from '../../kit/session';
import { fileNamePart, SHIP_PERMISSION, type ShippedDelivery } from './shippingApi';
import { SHIPPING_URLS } from './shippingScreens';
import { UnattachedPodsButton } from './UnattachedPods';
import './shipping.css';

/** The documents of a delivery: the call that renders it, its title key and its file name's start. */
const DOCUMENTS = {
  deliveryNote: { call: '/tblShippingLabel/printDeliveryNote', file: 'delivery-note' },
  dispatchList: { call: '/tblShippingLabel/printDispatchList', file: 'dispatch-list' },
  packingList: { call: '/tblShippingLabel/printPackingList', file: 'packing-list' },
} as const;
type DocumentKind = keyof typeof DOCUMENTS;

const isOpen = (row: EntityRow): boolean => row.status === 'O';

export function DeliveryListPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const pdf = usePdfDialog();
  const canView = usePermission(SHIP_PERMISSION.view);
  const canEdit = usePermission(SHIP_PERMISSION.edit);

  const print = useCallback(
    async (row: EntityRow, kind: DocumentKind) => {
      const deliveryNumber = String(row.deliveryNumber);
      const doc = DOCUMENTS[kind];
      await pdf.show(
        doc.call,
        { whId: row.whId, deliveryNumber },
        t(`ship.delivery.${kind}Title`, { deliveryNumber }),
        `${doc.file}-${fileNamePart([deliveryNumber])}.pdf`,
      );
    },
    [pdf.show, t],
  );

  const proofOfDelivery = useCallback(
    async (row: EntityRow) => {
      const deliveryNumber = String(row.deliveryNumber);
      const body: PodDocumentRequest = { whId: String(row.whId), deliveryNumber };
      await pdf.show(
        '/tblShippingLabel/getPodDocument',
        body,
        t('kiosk.pod.title', { deliveryNumber }),
        `proof-of-delivery-${fileNamePart([deliveryNumber])}.pdf`,
      );
    },
    [pdf.show, t],
  );

  const ship = useCallback(
    async (row: EntityRow) => {
      const deliveryNumber = String(row.deliveryNumber);
      const values = { deliveryNumber, count: Number(row.cartonCount ?? 0), carrier: String(row.carrierId ?? '') };
      if (!(await confirm('ship.delivery.confirmShip', { values }))) return;
      const envelope = await apiPost<ShippedDelivery>('/tblShippingLabel/shippingByDelivery', { whId: row.whId, deliveryNumber });
      if (envelope.code !== SUCCESS || !envelope.data) return;
      const shipped = envelope.data;
      toast(
        'success',
        t('ship.delivery.shipped', { deliveryNumber: shipped.deliveryNumber, cartons: shipped.cartons, orders: shipped.orders }),
      );
      setReloadKey((k) => k + 1);
    },
    [confirm, t],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'cartons',
        labelKey: 'ship.delivery.cartons',
        allowed: canView,
        onClick: (row) => setLocation(screenUrl(SHIPPING_URLS.cartons, { whId: row.whId, deliveryNumber: row.deliveryNumber })),
      },
      ...(Object.keys(DOCUMENTS) as DocumentKind[]).map((kind) => ({
        key: kind,
        labelKey: `ship.delivery.${kind}`,
        allowed: canView,
        onClick: (row: EntityRow) => void print(row, kind).catch(() => undefined),
      })),
      {
        key: 'pod',
        labelKey: 'kiosk.pod.download',
        allowed: canView,
        // Only a delivery handed over at a dock station has one.
        disabledFor: (row) => row.podId === null || row.podId === undefined,
        onClick: (row) => void proofOfDelivery(row).catch(() => undefined),
      },
      {
        key: 'ship',
        labelKey: 'ship.delivery.ship',
        allowed: canEdit,
        disabledFor: (row) => !isOpen(row),
        onClick: (row) => void ship(row).catch(() => undefined),
      },
    ],
    [canView, canEdit, setLocation, print, proofOfDelivery, ship],
  );

  return (
    <>
      <EntityListPage
        entity={tDelivery}
        rowActions={rowActions}
        reloadKey={reloadKey}
        toolbarExtra={() => <UnattachedPodsButton onChanged={() => setReloadKey((k) => k + 1)} />}
      />
      {pdf.dialog}
    </>
  );
}
