/**
 * The list part the three RF configuration screens share (spec 001 §2.1–§2.3): their own filter bar (a sub-process
 * picker with "Any", a resource type with "Any"), the kit's data table with link cells, Add and the screen's own
 * buttons, edit and delete per row, and the kit's 40% form dialog. The screen owns the filters and the search.
 */
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { DataTable, type RowAction, TABLE_HEIGHT, type TableColumn } from '../../kit/DataTable';
import type { EntityRow } from '../../kit/EntityListPage';
import { FilterButtons } from '../../kit/FilterButtons';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { formatDateTime } from '../../kit/tableState';
import { pagedTableProps } from '../../kit/useFindPage';
import type { RfPageState } from './useRfPage';
import './rf.css';

export interface RfConfigListProps {
  entity: EntityDef;
  page: RfPageState;
  /** The filter controls; Search (or Enter) calls `onSearch`. */
  filters: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** Field → where its cell leads (null: plain text for this row). */
  links?: Readonly<Record<string, (row: EntityRow) => string | null>>;
  /** Buttons after Add. */
  toolbarExtra?: ReactNode;
  /** The values a new row starts with (the chosen warehouse, client, sub process). */
  newRow?: () => EntityRow;
  /** Controls of the screen's own for some form fields (null: the kit's), told whether a saved row is edited. */
  renderField?: (field: string, value: string, onChange: (value: string) => void, editing: boolean) => ReactNode;
  onValuesChange?: FormDialogProps['onValuesChange'];
  /** Called after a save or a delete. */
  onChanged?: () => void;
}

/** Add, edit and delete follow `sys:rfMainProcessDetail:*` (spec 001 §6); the server is the guard. */
export function RfConfigList({
  entity,
  page,
  filters,
  onSearch,
  onReset,
  links,
  toolbarExtra,
  newRow,
  renderField,
  onValuesChange,
  onChanged,
}: RfConfigListProps) {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const [dialog, setDialog] = useState<{ open: boolean; row: EntityRow | null }>({ open: false, row: null });
  const canAdd = usePermission(permission(entity.resource, 'add'));
  const canEdit = usePermission(permission(entity.resource, 'edit'));
  const canDelete = usePermission(permission(entity.resource, 'delete'));
  // Spec 001 §6: sys:rfMainProcessDetail:view is Search's permission (the server refuses findPage without it too).
  const canView = usePermission(permission(entity.resource, 'view'));

  const columns = useMemo<TableColumn<EntityRow>[]>(() => {
    const list: TableColumn<EntityRow>[] = [];
    for (const [field, def] of Object.entries(entity.fields)) {
      if (!def.column) continue;
      const link = links?.[field];
      list.push({
        field,
        headerKey: `entity.${entity.name}.field.${field}`,
        minWidth: def.width,
        hidden: def.hidden,
        format:
          def.type === 'code'
            ? (value) =>
                value === null || value === undefined || value === '' ? '' : t(`code.${def.codeList ?? field}.${String(value)}`)
            : undefined,
        render: link
          ? (row) => {
              const value = row[field];
              const to = value === null || value === undefined || value === '' ? null : link(row);
              if (!to) return <span>{value === null || value === undefined ? '' : String(value)}</span>;
              return (
                <a
                  className="rf-link"
                  href={to}
                  data-testid={`link-${field}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setLocation(to);
                  }}
                >
                  {String(value)}
                </a>
              );
            }
          : undefined,
      });
    }
    // The database id after the row's own fields: the pinned first column is the row's key (issue 27 item 11).
    list.push({ field: 'id', headerKey: 'entity.common.field.id', minWidth: 80 });
    for (const field of ['createTime', 'updateTime'])
      list.push({ field, headerKey: `entity.common.field.${field}`, minWidth: 160, format: formatDateTime });
    return list;
  }, [entity, t, links, setLocation]);

  const remove = async (row: EntityRow) => {
    if (!(await confirm('kit.confirm.delete', { danger: true }))) return;
    try {
      const envelope = await apiPost<number>(`/${entity.name}/delete`, [{ id: row.id }]);
      if (envelope.code !== SUCCESS) return;
      if (!envelope.data) {
        toast('error', t('error.notAllowedDelete'));
        return;
      }
      toast('success', t('kit.toast.success'));
      page.reload();
      onChanged?.();
    } catch {
      // Reported by the api client.
    }
  };

  // The grid keeps its action list between renders; the buttons call the latest handlers through a ref.
  const handlers = useRef({ edit: (row: EntityRow) => setDialog({ open: true, row }), remove });
  handlers.current = { edit: (row: EntityRow) => setDialog({ open: true, row }), remove };
  const actions = useMemo<RowAction<EntityRow>[]>(
    () => [
      { key: 'edit', labelKey: 'kit.action.edit', allowed: canEdit, onClick: (row) => handlers.current.edit(row) },
      {
        key: 'delete',
        labelKey: 'kit.action.delete',
        allowed: canDelete,
        danger: true,
        onClick: (row) => void handlers.current.remove(row),
      },
    ],
    [canEdit, canDelete],
  );

  return (
    <div className="wharf-list-page rf-config" data-entity={entity.name}>
      <form
        className="wharf-filter-bar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canView) onSearch();
        }}
      >
        {filters}
        <FilterButtons onReset={onReset} searchDisabled={!canView} />
      </form>
      <DataTable<EntityRow>
        height={TABLE_HEIGHT.list}
        tableId={`rf.${entity.name}`}
        columns={columns}
        {...pagedTableProps(page)}
        actions={actions}
        exportName={t(`entity.${entity.name}.name`)}
        toolbar={
          <>
            <SlButton
              size="small"
              variant="primary"
              disabled={!canAdd}
              data-testid="add"
              onClick={() => setDialog({ open: true, row: newRow?.() ?? null })}
            >
              <SlIcon slot="prefix" name="plus-lg" />
              {t('kit.action.add')}
            </SlButton>
            {toolbarExtra}
          </>
        }
      />
      <FormDialog
        entity={entity}
        row={dialog.row}
        open={dialog.open}
        renderField={
          renderField ? (field, value, onChange) => renderField(field, value, onChange, Boolean(dialog.row?.id)) : undefined
        }
        onValuesChange={onValuesChange}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          page.reload();
          onChanged?.();
        }}
      />
    </div>
  );
}
