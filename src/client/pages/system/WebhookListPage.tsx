/**
 * Webhooks (System → 事件订阅 / Webhooks, issue 28 item 5; src/server/modules/webhooks/README.md): the generic list of
 * subscriptions (add, edit, delete as the permissions allow) and per row **New secret** (confirmed): the server makes
 * a new secret and answers it once; this dialog shows it until closed, and the list shows only its last four characters.
 */
import { useCallback, useMemo, useState } from 'react';
import { ENTITIES } from '../../../shared/entities';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { usePermission } from '../../kit/session';
import './system.css';

export function WebhookListPage() {
  const t = useT();
  const confirm = useConfirm();
  const canEdit = usePermission('sys:tWebhookSubscription:edit');
  const [secret, setSecret] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const rotate = useCallback(
    async (row: EntityRow) => {
      if (!(await confirm('webhooks.confirmNewSecret', { values: { url: String(row.url ?? '') } }))) return;
      const envelope = await apiPost<{ secret: string | null }>('/tWebhookSubscription/newSecret', { id: row.id });
      if (envelope.code !== SUCCESS || !envelope.data.secret) return;
      setSecret(envelope.data.secret);
      setReloadKey((k) => k + 1);
    },
    [confirm],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'newSecret',
        labelKey: 'webhooks.newSecret',
        allowed: canEdit,
        onClick: (row) => void rotate(row).catch(() => undefined),
      },
    ],
    [canEdit, rotate],
  );

  const entity = ENTITIES.tWebhookSubscription;
  if (!entity) return null;
  return (
    <>
      <EntityListPage entity={entity} rowActions={rowActions} reloadKey={reloadKey} />
      {secret && (
        <ModalDialog label={t('webhooks.secretTitle')} open onClose={() => setSecret(null)} data-testid="webhook-secret-dialog">
          <p>{t('webhooks.secretOnce')}</p>
          <code className="webhook-secret" data-testid="webhook-secret">
            {secret}
          </code>
        </ModalDialog>
      )}
    </>
  );
}
