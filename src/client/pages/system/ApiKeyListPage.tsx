/**
 * Integrations (menu `sys/integration`, issue 28 item 2): the API keys — name, prefix, role, grants, status, expiry,
 * last use — with add and edit (ApiKeyDialog), a new key shown once (ApiKeyShownDialog), **Revoke** (confirmed, edit
 * permission) and delete. The server enforces `sys:apiKey:view|add|edit|delete`.
 */
import { useCallback, useMemo, useState } from 'react';
import { apiKey } from '../../../shared/entities/apiKey';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { ApiKeyDialog } from './ApiKeyDialog';
import { ApiKeyShownDialog } from './ApiKeyShownDialog';
import type { NewApiKey } from './adminApi';

export function ApiKeyListPage() {
  const t = useT();
  const confirm = useConfirm();
  const canEdit = usePermission('sys:apiKey:edit');
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  const revoke = useCallback(
    async (row: EntityRow) => {
      const name = String(row.name ?? row.id);
      if (!(await confirm('sys.apiKey.confirmRevoke', { danger: true, values: { name } }))) return;
      const envelope = await apiPost('/apiKey/revoke', { id: row.id });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('sys.apiKey.revoked', { name }));
      reload();
    },
    [confirm, t, reload],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'revoke',
        labelKey: 'sys.apiKey.revoke',
        allowed: canEdit,
        danger: true,
        disabledFor: (row) => row.status === 'R',
        onClick: (row) => void revoke(row).catch(() => undefined),
      },
    ],
    [canEdit, revoke],
  );

  return (
    <>
      <EntityListPage
        entity={apiKey}
        rowActions={rowActions}
        reloadKey={reloadKey}
        renderDialog={(props) => <ApiKeyDialog {...props} onCreated={setCreated} />}
      />
      <ApiKeyShownDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
