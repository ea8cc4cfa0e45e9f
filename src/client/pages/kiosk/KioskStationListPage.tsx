/**
 * Dock stations (menu Wms/TKioskStation, issue 16): the generic list of stations (add, edit, delete as the entity
 * allows) and per row **Bind** (the code the station shows) and **Revoke** (confirmed; the station is signed out and
 * enrols again). Both need `sys:tKioskStation:edit`; the server enforces it too.
 */
import { useCallback, useMemo, useState } from 'react';
import { ENTITIES } from '../../../shared/entities';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { BindStationDialog } from './BindStationDialog';

export const STATION_EDIT_PERMISSION = 'sys:tKioskStation:edit';

export function KioskStationListPage() {
  const t = useT();
  const confirm = useConfirm();
  const canEdit = usePermission(STATION_EDIT_PERMISSION);
  const [binding, setBinding] = useState<EntityRow | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  const revoke = useCallback(
    async (row: EntityRow) => {
      const name = String(row.stationName ?? row.id);
      if (!(await confirm('kiosk.station.confirmRevoke', { danger: true, values: { name } }))) return;
      const envelope = await apiPost('/tKioskStation/revoke', { id: row.id });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('kiosk.station.revoked', { name }));
      reload();
    },
    [confirm, t, reload],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'bind',
        labelKey: 'kiosk.station.bind',
        allowed: canEdit,
        disabledFor: (row) => row.status === 'A',
        onClick: setBinding,
      },
      {
        key: 'revoke',
        labelKey: 'kiosk.station.revoke',
        allowed: canEdit,
        danger: true,
        disabledFor: (row) => row.status === 'R',
        onClick: (row) => void revoke(row).catch(() => undefined),
      },
    ],
    [canEdit, revoke],
  );

  const entity = ENTITIES.tKioskStation;
  if (!entity) return null;
  return (
    <>
      <EntityListPage entity={entity} rowActions={rowActions} reloadKey={reloadKey} />
      <BindStationDialog station={binding} onClose={() => setBinding(null)} onDone={reload} />
    </>
  );
}
