/** Roles (menu `sys/role`): the generic list, and a row action choosing the role's menus and buttons on a tree. */
import { useCallback, useMemo, useState } from 'react';
import { sysRole } from '../../../shared/entities/sysRole';
import { type RowAction, TABLE_HEIGHT } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { FormDialog } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { RoleMenusDialog } from './RoleMenusDialog';

// The seed stores the built-in role's remark as a locale key (`role.superAdmin`), so it reads in the user's language.
const REMARK_KEY = /^role\.[A-Za-z]+$/;

export function RoleListPage() {
  const t = useT();
  const canEdit = usePermission('sys:role:edit');
  const [role, setRole] = useState<EntityRow | null>(null);
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [{ key: 'menus', labelKey: 'sys.role.menus', allowed: canEdit, onClick: setRole }],
    [canEdit],
  );
  /** A remark that is a locale key shows as its text; any other remark as written. */
  const remarkText = useCallback(
    (value: unknown) => {
      const remark = value === null || value === undefined ? '' : String(value);
      return REMARK_KEY.test(remark) ? t(remark) : remark;
    },
    [t],
  );
  const columnFormat = useMemo(() => ({ remark: remarkText }), [remarkText]);
  return (
    <>
      <EntityListPage
        height={TABLE_HEIGHT.generic}
        entity={sysRole}
        rowActions={rowActions}
        columnFormat={columnFormat}
        renderDialog={(props) => {
          // The form shows the text too; saved unchanged, the role keeps its key (and so both languages).
          const stored = props.row?.remark;
          const shown = remarkText(stored);
          const translated = typeof stored === 'string' && shown !== stored;
          return (
            <FormDialog
              {...props}
              row={translated && props.row ? { ...props.row, remark: shown } : props.row}
              beforeSave={async (payload) => (translated && payload.remark === shown ? { ...payload, remark: stored } : payload)}
            />
          );
        }}
      />
      <RoleMenusDialog role={role} canEdit={canEdit} onClose={() => setRole(null)} />
    </>
  );
}
