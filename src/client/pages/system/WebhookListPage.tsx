/**
 * Webhooks (System → 事件订阅 / Webhooks, issue 28 item 5; src/server/modules/webhooks/README.md): the generic list of
 * subscriptions (add, edit, delete as the permissions allow) and per row **New secret** (confirmed): the server makes
 * a new secret and answers it once; this dialog shows it until closed, and the list shows only its last four characters.
 * The Delivery column shows whether the subscription runs or is **paused** — since when, after how many dead letters in
 * a row, and the last error — and a paused row offers **Resume** (confirmed, edit permission): its waiting deliveries
 * are sent again (the webhooks README "Pause after dead letters").
 */
import { useCallback, useMemo, useState } from 'react';
import { ENTITIES } from '../../../shared/entities';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow, type ExtraColumn } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { usePermission } from '../../kit/session';
import { formatDateTime } from '../../kit/tableState';
import { deliveryErrorText } from './webhookText';
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

  const resume = useCallback(
    async (row: EntityRow) => {
      const url = String(row.url ?? '');
      if (!(await confirm('webhooks.confirmResume', { values: { url } }))) return;
      const envelope = await apiPost<number>('/tWebhookSubscription/resume', { id: row.id });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('webhooks.resumed', { url }));
      setReloadKey((k) => k + 1);
    },
    [confirm, t],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'newSecret',
        labelKey: 'webhooks.newSecret',
        allowed: canEdit,
        onClick: (row) => void rotate(row).catch(() => undefined),
      },
      {
        key: 'resume',
        labelKey: 'webhooks.resume',
        allowed: canEdit,
        disabledFor: (row) => !row.pausedAt,
        onClick: (row) => void resume(row).catch(() => undefined),
      },
    ],
    [canEdit, rotate, resume],
  );

  // Running, or paused: the badge, then since when, after how many dead letters, and why (also the export's text).
  const extraColumns = useMemo<ExtraColumn[]>(() => {
    const detail = (row: EntityRow) =>
      t('webhooks.state.pausedDetail', {
        time: formatDateTime(row.pausedAt),
        count: Number(row.deadStreak ?? 0),
        reason: deliveryErrorText(t, row.pauseReason),
      });
    return [
      {
        field: 'pausedAt',
        headerKey: 'webhooks.state.header',
        minWidth: 320,
        after: 'active',
        format: (_value, row) => (row.pausedAt ? `${t('webhooks.state.paused')} ${detail(row)}` : t('webhooks.state.running')),
        render: (row) =>
          row.pausedAt ? (
            <span className="webhook-state" data-testid="webhook-paused" title={detail(row)}>
              <span className="webhook-paused-badge">{t('webhooks.state.paused')}</span> {detail(row)}
            </span>
          ) : (
            <span className="webhook-state" data-testid="webhook-running">
              {t('webhooks.state.running')}
            </span>
          ),
      },
    ];
  }, [t]);

  const entity = ENTITIES.tWebhookSubscription;
  if (!entity) return null;
  return (
    <>
      <EntityListPage entity={entity} rowActions={rowActions} reloadKey={reloadKey} extraColumns={extraColumns} />
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
