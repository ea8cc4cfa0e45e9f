/**
 * Receipts (Wms/TReceipt): the generic view-only list of tReceipt with the receipt's own actions — adjust and delete
 * (locked unless the receipt is still untouched: `adjustable`), and reconcile its PO. Receipts change only through these
 * calls, each one transaction through the ledger on the server.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tReceipt } from '../../../shared/entities/tReceipt';
import { permission } from '../../../shared/permissions';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { poUrl } from './poScreens';
import { postReceipt, ReceiptDialog, type ReceiptTarget } from './ReceiptDialog';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const locked = (row: EntityRow) => row.adjustable !== 'Y';

export function ReceiptListPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const canEdit = usePermission(permission('tReceipt', 'edit'));
  const canDelete = usePermission(permission('tReceipt', 'delete'));
  const [adjusting, setAdjusting] = useState<EntityRow | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const actions = useMemo<RowAction<EntityRow>[]>(
    () => [
      { key: 'adjust', labelKey: 'inbound.receiving.adjust', allowed: canEdit, disabledFor: locked, onClick: setAdjusting },
      {
        key: 'delete-receipt',
        labelKey: 'kit.action.delete',
        allowed: canDelete,
        danger: true,
        disabledFor: locked,
        onClick: (row) =>
          void (async () => {
            if (!(await confirm('inbound.receiving.confirmDelete', { danger: true, values: { receiptId: text(row.receiptId) } })))
              return;
            const done = await postReceipt<number>('/tReceipt/deleteReceipt', { id: row.id }, () => t('kit.toast.success'));
            if (done) setReloadKey((k) => k + 1);
          })(),
      },
      {
        key: 'reconcile',
        labelKey: 'inbound.reconcile.title',
        allowed: true,
        onClick: (row) => setLocation(poUrl('/Wms/PoReconcile', row)),
      },
    ],
    [canEdit, canDelete, confirm, t, setLocation],
  );

  const target: ReceiptTarget | null = adjusting
    ? {
        title: t('inbound.receiving.adjustTitle', {
          receiptId: text(adjusting.receiptId),
          lineNumber: text(adjusting.lineNumber),
        }),
        whId: text(adjusting.whId),
        locationId: text(adjusting.locationId),
        itemNumber: text(adjusting.itemNumber),
        itemDescription: text(adjusting.itemDescription),
        uom: text(adjusting.uom),
        lotControl: Boolean(adjusting.lotNumber),
        attributeTypes: [],
        initial: {
          qty: text(adjusting.qtyReceived),
          qtyDamaged: text(adjusting.qtyDamaged),
          lotNumber: text(adjusting.lotNumber),
          expirationDate: text(adjusting.expirationDate),
          huId: text(adjusting.huId),
        },
        receiving: false,
      }
    : null;

  const adjust = async (values: Record<string, string | null>) => {
    if (!adjusting) return false;
    const { qty, ...rest } = values;
    const done = await postReceipt<number>('/tReceipt/receiptAdjustment', { ...rest, id: adjusting.id, qtyReceived: qty }, () =>
      t('kit.toast.success'),
    );
    if (done) setReloadKey((k) => k + 1);
    return done !== null;
  };

  return (
    <>
      <EntityListPage entity={tReceipt} rowActions={actions} reloadKey={reloadKey} />
      <ReceiptDialog target={target} onClose={() => setAdjusting(null)} onSubmit={adjust} />
    </>
  );
}
