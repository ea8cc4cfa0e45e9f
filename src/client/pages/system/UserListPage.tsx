/** Users (menu `sys/user`): the generic list with roles and department, a reset-password action and the user form. */
import { useMemo, useState } from 'react';
import { sysUser } from '../../../shared/entities/sysUser';
import type { RowAction, TableColumn } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { session, usePermission } from '../../kit/session';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserDialog } from './UserDialog';

const EXTRA_COLUMNS: TableColumn<EntityRow>[] = [
  { field: 'deptName', headerKey: 'entity.user.field.deptName', minWidth: 100 },
  { field: 'roleNames', headerKey: 'entity.user.field.roleNames', minWidth: 140 },
];

const isSignedIn = (row: EntityRow): boolean => row.name === session.user;

export function UserListPage() {
  const canEdit = usePermission('sys:user:edit');
  const [resetting, setResetting] = useState<EntityRow | null>(null);
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [{ key: 'resetPassword', labelKey: 'sys.user.resetPassword', allowed: canEdit, onClick: setResetting }],
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
    </>
  );
}
