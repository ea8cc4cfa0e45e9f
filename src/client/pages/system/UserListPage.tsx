/**
 * Users (menu `sys/user`): the generic list with roles and department, reset-password and dock-station PIN actions and
 * the user form (its badge code is the station's badge sign-in).
 */
import { useMemo, useState } from 'react';
import { sysUser } from '../../../shared/entities/sysUser';
import type { RowAction, TableColumn } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { session, usePermission } from '../../kit/session';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { SetPinDialog } from './SetPinDialog';
import { UserDialog } from './UserDialog';

const EXTRA_COLUMNS: TableColumn<EntityRow>[] = [
  { field: 'deptName', headerKey: 'entity.user.field.deptName', minWidth: 100 },
  { field: 'roleNames', headerKey: 'entity.user.field.roleNames', minWidth: 140 },
];

const isSignedIn = (row: EntityRow): boolean => row.name === session.user;

export function UserListPage() {
  const canEdit = usePermission('sys:user:edit');
  const [resetting, setResetting] = useState<EntityRow | null>(null);
  const [pinFor, setPinFor] = useState<EntityRow | null>(null);
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      { key: 'resetPassword', labelKey: 'sys.user.resetPassword', allowed: canEdit, onClick: setResetting },
      { key: 'setPin', labelKey: 'kiosk.user.setPin', allowed: canEdit, onClick: setPinFor },
    ],
    [canEdit],
  );
  return (
    <>
      <EntityListPage
        entity={sysUser}
        extraColumns={EXTRA_COLUMNS}
        rowActions={rowActions}
        // Nobody deletes the account they are signed in with.
        deleteLocked={isSignedIn}
        renderDialog={(props) => <UserDialog {...props} />}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <SetPinDialog user={pinFor} onClose={() => setPinFor(null)} />
    </>
  );
}
