/**
 * The one generic list screen of master data: a filter bar, add and batch delete, the data table with
 * edit and delete per row, and the add/edit dialog — all driven by the entity definition.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { type EntityDef, isSortable, rowTimes } from '../../shared/entities/defineEntity';
import { permission } from '../../shared/permissions';
import { SUCCESS } from '../../shared/wire';
import { apiPost, toast } from './api';
import { useConfirm } from './confirm';
import { DataTable, type RowAction, TABLE_HEIGHT, type TableColumn } from './DataTable';
import { DateFilter } from './DateFilter';
import { FormDialog, type FormDialogProps } from './FormDialog';
import { useT } from './i18n';
import { session, usePermission, useScreenName } from './session';
import { SlButton, SlIcon, SlInput, SlOption, SlSelect } from './sl';
import { formatDate, formatDateTime } from './tableState';
import { fitTextStyle } from './textWidth';
import { filtersFromQuery } from './urlFilters';
import { type Filters, pagedTableProps, useFindPage } from './useFindPage';
import { offeredWarehouseClient, WarehouseClientSelect } from './WarehouseClientSelect';
import { WarehouseSelect } from './WarehouseSelect';
import './kit.css';
import { FilterBar } from './FilterBar';
import { FilterButtons } from './FilterButtons';

/** A row as findPage answers it: the entity's fields plus id, createTime, updateTime. */
export type EntityRow = Record<string, unknown> & { id?: number };

/** A column of the screen's own, placed after the entity's columns or right after the column of `after`. */
export type ExtraColumn = TableColumn<EntityRow> & { after?: string };

export interface EntityListPageProps {
  entity: EntityDef;
  /** Key of the remembered column settings; defaults to the entity name. */
  tableId?: string;
  /**
   * Grid height in px: 560 by default, the list screens of spec 001 (§9); the screens spec 000 describes (system
   * administration, the movement and adjustment details) pass TABLE_HEIGHT.generic, 440 (README "Table height").
   */
  height?: number;
  /** Called after rows were saved or deleted (e.g. to refresh a lookup cache). */
  onChanged?: () => void;
  /** Columns the screen's findPage adds beside the entity's fields (e.g. names of related rows); last, or `after` a field. */
  extraColumns?: readonly ExtraColumn[];
  /** Row buttons after edit and delete. */
  rowActions?: readonly RowAction<EntityRow>[];
  /** Replaces the generic add/edit dialog (e.g. one with more than the entity's fields); receives its props. */
  renderDialog?: (props: FormDialogProps) => ReactNode;
  /** Toolbar buttons after add and batch delete, given the selected rows. */
  toolbarExtra?: (selected: readonly EntityRow[]) => ReactNode;
  /** Changing it reloads the current page (after an action of the screen's own). */
  reloadKey?: number;
  /** Filters every call carries (e.g. the task of a lines screen); new rows start with these values. */
  fixedFilters?: Filters;
  /** First page size (spec 000 §9: 8 on line screens). */
  pageSize?: number;
  /** The rows may not change now (e.g. lines of a completed task): add, edit and delete are disabled. */
  locked?: boolean;
  /** Shown above the table instead of a filter bar when the entity has no filterable field. */
  header?: ReactNode;
  /** The call that finds rows: `findPage` (generic), or the entity's parameterised search (`findPageByPara`). */
  findCall?: 'findPage' | 'findPageByPara';
  /** The row id is a shown column (spec 001 §2.4: the PO line list), not only one the column chooser offers. */
  showId?: boolean;
  /**
   * Filters the find call needs: no call until they have values. A required warehouse filter offers no "any": it
   * starts from the user's last (or first granted) warehouse. A required filter the screen fixes is a key of its
   * address (the PO of a lines screen): opened without it, the screen asks nothing and sends the user to `listUrl`.
   */
  requiredFilters?: readonly string[];
  /** The list a lines screen is opened from (`/Wms/TPoMaster`), offered when it was opened without its keys. */
  listUrl?: string;
  /** Filters of the screen's own beside the entity's (parameters of its `findCall`: ranges, related rows …). */
  extraFilters?: readonly ExtraFilter[];
  /** The call that deletes rows: `delete` (generic), or the screen's own (spec 000 §7: line screens `batchDelete`). */
  deleteCall?: 'delete' | 'batchDelete';
  /** Display text of some fields' cells, instead of the raw value (e.g. a remark stored as a locale key). */
  columnFormat?: Readonly<Record<string, (value: unknown) => string>>;
  /** Rows that may no longer change (e.g. a completed task): their edit and delete buttons are disabled. */
  rowLocked?: (row: EntityRow) => boolean;
  /** Rows that may not be deleted though they may change (e.g. the signed-in user's own). */
  deleteLocked?: (row: EntityRow) => boolean;
  /** Locale keys of the add button and of the rows' edit button where the screen names them by what they do. */
  addLabelKey?: string;
  editLabelKey?: string;
}

/** A filter of the screen's own: a typed text or a date, labelled by a locale key. */
export interface ExtraFilter {
  key: string;
  labelKey: string;
  type: 'text' | 'date';
  /** A text the server matches as a whole code (`%` a pattern), not as contained text: its placeholder says so. */
  exact?: boolean;
  /** The placeholder's locale key where the filter is no text match (e.g. a number of days). */
  placeholderKey?: string;
}

/** The label of a code; a value the list does not know yet (a newer transaction type) shows as it is. */
function codeLabel(t: ReturnType<typeof useT>, list: string, value: unknown): string {
  const key = `code.${list}.${String(value)}`;
  const label = t(key);
  return label === key ? String(value) : label;
}

/** List, filter, add, edit and delete rows of a generic entity. */
export function EntityListPage({
  entity,
  tableId,
  height = TABLE_HEIGHT.list,
  onChanged,
  extraColumns,
  rowActions,
  renderDialog,
  toolbarExtra,
  reloadKey,
  fixedFilters,
  pageSize,
  locked,
  header,
  deleteCall = 'delete',
  findCall = 'findPage',
  requiredFilters,
  listUrl,
  extraFilters,
  showId,
  columnFormat,
  rowLocked,
  deleteLocked,
  addLabelKey = 'kit.action.add',
  editLabelKey = 'kit.action.edit',
}: EntityListPageProps) {
  const t = useT();
  const confirm = useConfirm();
  // Filters named in the address (a dashboard tile's link): the list opens filtered so (README "Filters from the address").
  const query = useSearch();
  const extraKeys = useMemo(() => (extraFilters ?? []).map((f) => f.key), [extraFilters]);
  const urlFilters = useMemo(() => filtersFromQuery(query, entity, extraKeys), [query, entity, extraKeys]);
  const [openedWith] = useState(urlFilters);
  const page = useFindPage<EntityRow>(
    entity.name,
    pageSize,
    fixedFilters || Object.keys(openedWith).length > 0 ? { ...openedWith, ...fixedFilters } : undefined,
    tableId ?? entity.name,
    findCall,
    requiredFilters,
  );
  const [draft, setDraft] = useState<Filters>(openedWith);
  // Search reads the filters as typed, even when the click comes before React has re-rendered.
  const draftRef = useRef<Filters>(openedWith);
  const updateDraft = (next: Filters) => {
    draftRef.current = next;
    setDraft(next);
  };
  const [selected, setSelected] = useState<EntityRow[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; row: EntityRow | null }>({ open: false, row: null });
  const [deleting, setDeleting] = useState(false);

  // View-only entities (ledger, logs) have no add, edit or delete at all.
  const editable = !entity.viewOnly;
  const canAdd = usePermission(permission(entity.resource, 'add')) && editable && !locked;
  const canEdit = usePermission(permission(entity.resource, 'edit')) && editable && !locked;
  const canDelete = usePermission(permission(entity.resource, 'delete')) && editable && !locked;
  const { reload, search: searchPage } = page;
  useEffect(() => {
    if (reloadKey) reload();
  }, [reloadKey, reload]);
  // The tab stays mounted: a later link to it with other filters (a new `t`) filters it anew.
  // Compared by content: a screen may pass its extra filters anew on every render.
  const shownUrlFilters = useRef(JSON.stringify(openedWith));
  useEffect(() => {
    const key = JSON.stringify(urlFilters);
    if (key === shownUrlFilters.current) return;
    shownUrlFilters.current = key;
    if (Object.keys(urlFilters).length === 0) return;
    draftRef.current = urlFilters;
    setDraft(urlFilters);
    searchPage({ ...urlFilters, ...fixedFilters });
  }, [urlFilters, fixedFilters, searchPage]);

  // A lines screen opened by its address without the keys it shows the lines of: nothing to ask the server.
  const missingKeys = Boolean(fixedFilters && requiredFilters?.some((key) => key in fixedFilters && !fixedFilters[key]));
  // A warehouse the search cannot go without, and which the user chooses (not one the screen fixes): never "any".
  const warehouseRequired = Boolean(
    entity.fields.whId?.filter && requiredFilters?.includes('whId') && !(fixedFilters && 'whId' in fixedFilters),
  );
  const { user } = useSnapshot(session);
  // The list shows rows at once: the user's last warehouse (and client), else the first granted one, is chosen for them.
  const [offering, setOffering] = useState(warehouseRequired);

  // A filterable warehouse and a client chosen from the warehouse's clients filter as one pair (the user's last
  // choice is offered again); every other filterable field gets its own input.
  const pairFilter = Boolean(
    entity.fields.whId?.filter &&
      entity.fields.whId.lookup === 'warehouse' &&
      entity.fields.clientCode?.filter &&
      typeof entity.fields.clientCode.lookup === 'object' &&
      entity.fields.clientCode.lookup.name === 'getClient',
  );
  const filterFields = useMemo(
    () =>
      Object.entries(entity.fields).filter(
        // A filter the screen fixes (the wave of a wave detail screen) is no input: typing in it would change nothing.
        ([field, def]) =>
          def.filter && !(pairFilter && (field === 'whId' || field === 'clientCode')) && !(fixedFilters && field in fixedFilters),
      ),
    [entity, pairFilter, fixedFilters],
  );

  useEffect(() => {
    if (!warehouseRequired || !user) {
      setOffering(false);
      return;
    }
    let cancelled = false;
    void offeredWarehouseClient(user, true).then((pair) => {
      if (cancelled) return;
      setOffering(false);
      // Nothing to offer (no warehouse granted), or the user chose meanwhile.
      if (!pair || draftRef.current.whId) return;
      const next = {
        ...draftRef.current,
        whId: pair.whId,
        ...(pairFilter && pair.clientCode ? { clientCode: pair.clientCode } : {}),
      };
      draftRef.current = next;
      setDraft(next);
      searchPage({ ...next, ...fixedFilters });
    });
    return () => {
      cancelled = true;
    };
  }, [warehouseRequired, user, pairFilter, fixedFilters, searchPage]);

  // Rebuilt when the messages change (`t` is stable per loaded language). Keying on the language alone
  // formatted code columns with the old messages: the store's language changes before the new ones load.
  const columns = useMemo<TableColumn<EntityRow>[]>(() => {
    const list: TableColumn<EntityRow>[] = [];
    for (const [field, def] of Object.entries(entity.fields)) {
      if (!def.column) continue;
      const codeList = def.codeList ?? field;
      list.push({
        field,
        headerKey: `entity.${entity.name}.field.${field}`,
        minWidth: def.width,
        sortable: isSortable(entity, field),
        hidden: def.hidden,
        format:
          columnFormat?.[field] ??
          (def.type === 'code' || def.codeList
            ? (value) =>
                value === null || value === undefined || value === ''
                  ? ''
                  : def.multiple
                    ? String(value)
                        .split(',')
                        .map((code) => codeLabel(t, codeList, code))
                        .join(', ')
                    : codeLabel(t, codeList, value)
            : def.dateTime
              ? formatDateTime
              : def.type === 'date'
                ? formatDate
                : undefined),
        ...(def.dateTime ? { type: 'dateTime' as const } : def.type === 'date' ? { type: 'date' as const } : {}),
      });
    }
    // The item's description beside its number, for people who know items by name.
    if (entity.itemDescription) {
      const at = list.findIndex((c) => c.field === 'itemNumber');
      list.splice(at + 1, 0, { field: 'itemDescription', headerKey: 'entity.common.field.itemDescription', minWidth: 180 });
    }
    for (const column of extraColumns ?? []) {
      const at = column.after ? list.findIndex((c) => c.field === column.after) : -1;
      if (at >= 0) list.splice(at + 1, 0, column);
      else list.push(column);
    }
    // The database id is no key people work with: shown (spec screens that list it), it comes after the row's fields, so the
    // pinned first column is the document's own key (issue 27 item 11).
    list.push({ field: 'id', headerKey: 'entity.common.field.id', minWidth: 80, hidden: !showId });
    for (const field of rowTimes(entity)) {
      list.push({
        field,
        headerKey: `entity.common.field.${field}`,
        minWidth: 160,
        hidden: true,
        sortable: true,
        format: formatDateTime,
        type: 'dateTime',
      });
    }
    return list;
  }, [entity, t, extraColumns, columnFormat, showId]);

  const openDialog = (row: EntityRow | null) => setDialog({ open: true, row });

  const remove = async (rows: EntityRow[]) => {
    if (rows.length === 0 || deleting) return;
    if (!(await confirm('kit.confirm.delete', { danger: true }))) return;
    setDeleting(true);
    try {
      const envelope = await apiPost<number>(
        `/${entity.name}/${deleteCall}`,
        rows.map((r) => ({ id: r.id })),
      );
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
    } finally {
      setDeleting(false);
    }
  };

  // The grid keeps the action list between renders; the buttons call the latest handlers through a ref.
  const handlers = useRef({ edit: openDialog, remove });
  handlers.current = { edit: openDialog, remove };
  const actions = useMemo<RowAction<EntityRow>[]>(
    () => [
      ...(editable
        ? [
            {
              key: 'edit',
              labelKey: editLabelKey,
              allowed: canEdit,
              disabledFor: rowLocked,
              onClick: (row: EntityRow) => handlers.current.edit(row),
            },
            {
              key: 'delete',
              labelKey: 'kit.action.delete',
              allowed: canDelete,
              disabledFor: (row: EntityRow) => Boolean(rowLocked?.(row) || deleteLocked?.(row)),
              danger: true,
              onClick: (row: EntityRow) => void handlers.current.remove([row]),
            },
          ]
        : []),
      ...(rowActions ?? []),
    ],
    [editable, canEdit, canDelete, rowActions, rowLocked, deleteLocked, editLabelKey],
  );

  // A new row starts in the list's warehouse (and client) as the filter shows them (issue 27 item 5: a new PO is of the
  // warehouse the user is looking at), and with the keys the screen fixes.
  const listPlace: EntityRow = {};
  if (entity.fields.whId && !entity.fields.whId.readOnly && draft.whId) listPlace.whId = draft.whId;
  if (pairFilter && draft.clientCode) listPlace.clientCode = draft.clientCode;
  const newRow = fixedFilters || Object.keys(listPlace).length > 0 ? { ...listPlace, ...fixedFilters } : null;
  const dialogProps: FormDialogProps = {
    entity,
    row: dialog.row ?? newRow,
    open: dialog.open,
    onClose: () => setDialog((d) => ({ ...d, open: false })),
    onSaved: () => {
      page.reload();
      onChanged?.();
    },
  };

  const search = () => page.search({ ...draftRef.current, ...fixedFilters });
  // Reset empties every filter that may be empty: a required one keeps its value.
  const reset = () => {
    const kept: Filters = {};
    for (const key of requiredFilters ?? []) {
      const value = draftRef.current[key];
      if (value) kept[key] = value;
    }
    updateDraft(kept);
    page.search({ ...kept, ...fixedFilters });
  };

  // The filters the rows shown are filtered by, those the screen fixes aside (the "Filters (n)" of a phone).
  const appliedFilters = Object.keys(page.filters).filter((key) => !(fixedFilters && key in fixedFilters)).length;

  if (missingKeys) return <OpenFromList entity={entity.name} listUrl={listUrl} />;

  return (
    <div className="wharf-list-page" data-entity={entity.name}>
      {header}
      {filterFields.length > 0 || pairFilter || extraFilters?.length ? (
        <FilterBar count={appliedFilters} onSearch={search}>
          {pairFilter ? (
            <WarehouseClientSelect
              value={{ whId: draft.whId ?? '', clientCode: draft.clientCode ?? '' }}
              required={warehouseRequired ? 'whId' : undefined}
              // The list offers the last pair itself (or the first warehouse), showing rows meanwhile as loading.
              offerLast={!warehouseRequired}
              onChange={(pair) => {
                // A choice filters at once, like the remembered pair offered on opening.
                updateDraft({ ...draftRef.current, ...pair });
                search();
              }}
            />
          ) : null}
          {filterFields.map(([field, def]) => {
            const label = t(`entity.${entity.name}.field.${field}`);
            const value = draft[field] ?? '';
            const set = (v: string) => updateDraft({ ...draftRef.current, [field]: v });
            // A filter the search cannot go without is never "any".
            const required = requiredFilters?.includes(field) === true;
            const placeholder = t(def.filterExact ? 'kit.filter.exactPlaceholder' : 'kit.filter.placeholder');
            return (
              <div key={field} className={`wharf-filter${required ? ' wharf-field--required' : ''}`}>
                {def.lookup === 'warehouse' ? (
                  // The same warehouse control as every other screen's (forms, the warehouse/client pair).
                  <WarehouseSelect
                    size="small"
                    label={label}
                    value={value}
                    clearable={!required}
                    placeholder={required ? undefined : t('kit.filter.any')}
                    testId={`filter-${field}`}
                    onChange={set}
                  />
                ) : def.type === 'date' || def.dateTime ? (
                  <DateFilter label={label} value={value} testId={`filter-${field}`} onChange={set} timeColumn={def.dateTime} />
                ) : def.type === 'code' ? (
                  <SlSelect
                    key={t(`code.${def.codeList ?? field}.${def.codes?.[0] ?? ''}`)}
                    size="small"
                    label={label}
                    value={value}
                    clearable={!required}
                    hoist
                    placeholder={required ? t('kit.lookup.choose') : t('kit.filter.any')}
                    // Wide enough for its placeholder and for the longest of its codes' names in the current language.
                    style={fitTextStyle([
                      required ? t('kit.lookup.choose') : t('kit.filter.any'),
                      ...(def.codes ?? []).map((code) => t(`code.${def.codeList ?? field}.${code}`)),
                    ])}
                    data-testid={`filter-${field}`}
                    onSlChange={(event) => set((event.target as SlSelectElement).value as string)}
                  >
                    {(def.codes ?? []).map((code) => (
                      <SlOption key={code} value={code}>
                        {t(`code.${def.codeList ?? field}.${code}`)}
                      </SlOption>
                    ))}
                  </SlSelect>
                ) : (
                  <SlInput
                    size="small"
                    label={label}
                    value={value}
                    clearable
                    autocomplete="off"
                    placeholder={placeholder}
                    style={fitTextStyle([placeholder])}
                    data-testid={`filter-${field}`}
                    onSlInput={(event) => set((event.target as SlInputElement).value)}
                    onSlClear={() => set('')}
                  />
                )}
              </div>
            );
          })}
          {(extraFilters ?? []).map((filter) => {
            const value = draft[filter.key] ?? '';
            const set = (v: string) => updateDraft({ ...draftRef.current, [filter.key]: v });
            const testId = `filter-${filter.key}`;
            const placeholder = t(
              filter.placeholderKey ?? (filter.exact ? 'kit.filter.exactPlaceholder' : 'kit.filter.placeholder'),
            );
            return (
              <div key={filter.key} className="wharf-filter">
                {filter.type === 'date' ? (
                  <DateFilter label={t(filter.labelKey)} value={value} testId={testId} onChange={set} />
                ) : (
                  <SlInput
                    size="small"
                    label={t(filter.labelKey)}
                    value={value}
                    clearable
                    autocomplete="off"
                    placeholder={placeholder}
                    style={fitTextStyle([placeholder])}
                    data-testid={testId}
                    onSlInput={(event) => set((event.target as SlInputElement).value)}
                    onSlClear={() => set('')}
                  />
                )}
              </div>
            );
          })}
          <FilterButtons onReset={reset} />
        </FilterBar>
      ) : null}
      <DataTable<EntityRow>
        tableId={tableId ?? entity.name}
        columns={columns}
        {...pagedTableProps(page)}
        loading={page.loading || offering}
        // Without a warehouse there is no list to show: the empty table says what to do.
        emptyText={warehouseRequired && !offering && !page.filters.whId ? t('kit.table.chooseWarehouse') : undefined}
        actions={actions}
        onSelectionChange={setSelected}
        height={height}
        exportName={t(`entity.${entity.name}.name`)}
        keyColumn={entity.listKey}
        toolbar={
          <>
            {editable ? (
              <>
                <SlButton size="small" variant="primary" disabled={!canAdd} data-testid="add" onClick={() => openDialog(null)}>
                  <SlIcon slot="prefix" name="plus-lg" />
                  {t(addLabelKey)}
                </SlButton>
                <SlButton
                  size="small"
                  variant="danger"
                  outline
                  disabled={
                    !canDelete ||
                    selected.length === 0 ||
                    selected.some((row) => Boolean(rowLocked?.(row) || deleteLocked?.(row)))
                  }
                  loading={deleting}
                  data-testid="batch-delete"
                  onClick={() => void remove(selected)}
                >
                  <SlIcon slot="prefix" name="trash" />
                  {t('kit.action.batchDelete')}
                </SlButton>
              </>
            ) : null}
            {toolbarExtra?.(selected)}
          </>
        }
      />
      {editable ? renderDialog ? renderDialog(dialogProps) : <FormDialog {...dialogProps} /> : null}
    </div>
  );
}

/** What a lines screen opened by its address without its keys shows: where to open it from. */
function OpenFromList({ entity, listUrl }: { entity: string; listUrl?: string }) {
  const t = useT();
  const [, setLocation] = useLocation();
  // The list's menu name in the user's language; none when the user may not open it.
  const listName = useScreenName(listUrl?.replace(/^\/+/, '') ?? '');
  return (
    <div className="wharf-list-page" data-entity={entity}>
      <div className="wharf-open-from-list" role="status" data-testid="open-from-list">
        <SlIcon name="info-circle" className="wharf-open-from-list__icon" />
        <p>{t('kit.lines.openFromList')}</p>
        {listUrl && listName ? (
          <SlButton variant="primary" data-testid="open-list" onClick={() => setLocation(listUrl)}>
            <SlIcon slot="prefix" name="list-ul" />
            {t('kit.lines.toList', { list: listName })}
          </SlButton>
        ) : null}
      </div>
    </div>
  );
}
