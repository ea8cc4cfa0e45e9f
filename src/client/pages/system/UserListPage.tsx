/**
 * Users (menu `sys/user`): the generic list with roles and department and whether a dock-station PIN and badge are set,
 * reset-password, Set PIN and Set badge actions, and the user form. PIN and badge are write-only (issue 24): the list
 * never has them, only `pinSet` / `badgeSet`.
 */
import { useMemo, useState } from 'react';
import { sysUser } from '../../../shared/entities/sysUser';
import { type RowAction, TABLE_HEIGHT, type TableColumn } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { session, usePermission } from '../../kit/session';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { type StationSecret, StationSecretDialog } from './StationSecretDialog';
import { UserDialog } from './UserDialog';

const isSignedIn = (row: EntityRow): boolean => row.name === session.user;

export function UserListPage() {
  const t = useT();
  const canEdit = usePermission('sys:user:edit');
  const [resetting, setResetting] = useState<EntityRow | null>(null);
  const [secretFor, setSecretFor] = useState<{ kind: StationSecret; user: EntityRow } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const extraColumns = useMemo<TableColumn<EntityRow>[]>(() => {
    const yesNo = (value: unknown) => t(`code.bool.${value === true}`);
    return [
      { field: 'deptName', headerKey: 'entity.user.field.deptName', minWidth: 100 },
      { field: 'roleNames', headerKey: 'entity.user.field.roleNames', minWidth: 140 },
      { field: 'badgeSet', headerKey: 'entity.user.field.badgeSet', minWidth: 90, format: yesNo },
      { field: 'pinSet', headerKey: 'entity.user.field.pinSet', minWidth: 90, format: yesNo },
    ];
  }, [t]);
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      { key: 'resetPassword', labelKey: 'sys.user.resetPassword', allowed: canEdit, onClick: setResetting },
      { key: 'setPin', labelKey: 'kiosk.user.setPin', allowed: canEdit, onClick: (user) => setSecretFor({ kind: 'pin', user }) },
      {
        key: 'setBadge',
        labelKey: 'kiosk.user.setBadge',
        allowed: canEdit,
        onClick: (user) => setSecretFor({ kind: 'badge', user }),
      },
    ],
    [canEdit],
  );
  return (
    <>
      <EntityListPage
        height={TABLE_HEIGHT.generic}
        entity={sysUser}
        extraColumns={extraColumns}
        rowActions={rowActions}
        // Nobody deletes the account they are signed in with.
        deleteLocked={isSignedIn}
        reloadKey={reloadKey}
        renderDialog={(props) => <UserDialog {...props} />}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <StationSecretDialog
        kind={secretFor?.kind ?? 'pin'}
        user={secretFor?.user ?? null}
        onClose={() => setSecretFor(null)}
        onSaved={() => setReloadKey((k) => k + 1)}
      />
    </>
  );
}
