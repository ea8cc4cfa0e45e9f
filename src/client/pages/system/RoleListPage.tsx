/** Roles (menu `sys/role`): the generic list, and a row action choosing the role's menus and buttons on a tree. */
import { useMemo, useState } from 'react';
import { sysRole } from '../../../shared/entities/sysRole';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { usePermission } from '../../kit/session';
import { RoleMenusDialog } from './RoleMenusDialog';

export function RoleListPage() {
  const canEdit = usePermission('sys:role:edit');
  const [role, setRole] = useState<EntityRow | null>(null);
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [{ key: 'menus', labelKey: 'sys.role.menus', allowed: canEdit, onClick: setRole }],
    [canEdit],
  );
  return (
    <>
      <EntityListPage entity={sysRole} rowActions={rowActions} />
      <RoleMenusDialog role={role} canEdit={canEdit} onClose={() => setRole(null)} />
    </>
  );
}
