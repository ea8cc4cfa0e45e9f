/**
 * Webhook deliveries (System → 事件投递 / Webhook deliveries): the delivery log, newest first — event, receiver, status
 * (pending, delivered, failed for good), tries, last HTTP status, duration and error (a refused receiver address in the
 * reader's language, webhookText.ts) — and per row **Replay** (sys:tWebhookDelivery:edit), which sends the event again
 * with its tries counted afresh. A paused subscription's deliveries wait (pending) until it is resumed.
 */
import { useCallback, useMemo, useState } from 'react';
import { ENTITIES } from '../../../shared/entities';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { deliveryErrorText } from './webhookText';

export function WebhookDeliveryPage() {
  const t = useT();
  const canEdit = usePermission('sys:tWebhookDelivery:edit');
  const [reloadKey, setReloadKey] = useState(0);

  const replay = useCallback(
    async (row: EntityRow) => {
      const envelope = await apiPost<number>('/tWebhookDelivery/replay', { ids: [row.id] });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('webhooks.replayed', { count: envelope.data }));
      setReloadKey((k) => k + 1);
    },
    [t],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'replay',
        labelKey: 'webhooks.replay',
        allowed: canEdit,
        disabledFor: (row) => row.status === 'P',
        onClick: (row) => void replay(row).catch(() => undefined),
      },
    ],
    [canEdit, replay],
  );

  const columnFormat = useMemo(() => ({ lastError: (value: unknown) => deliveryErrorText(t, value) }), [t]);

  const entity = ENTITIES.tWebhookDelivery;
  if (!entity) return null;
  return <EntityListPage entity={entity} rowActions={rowActions} reloadKey={reloadKey} columnFormat={columnFormat} />;
}
