/**
 * The staging rows of one import group (the type's `tblTempExcelImport*` findPage filtered by groupId): row number,
 * status, error message and the row's fields, with a status filter and an error-text filter.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { IMPORT_STATUSES, type ImportTypeDef } from '../../../shared/imports';
import { DataTable, TABLE_HEIGHT } from '../../kit/DataTable';
import { FilterButtons } from '../../kit/FilterButtons';
import { useT } from '../../kit/i18n';
import { SlInput, SlOption, SlSelect } from '../../kit/sl';
import { pagedTableProps, useFindPage } from '../../kit/useFindPage';
import { previewColumns, type StagingRow } from './importColumns';

export interface ImportPreviewProps {
  def: ImportTypeDef;
  groupId: number;
  /** Changing it reloads the rows (after an import, a commit). */
  reloadKey: number;
  /** A status to show first (the error rows after an import with errors). */
  initialStatus?: string;
}

const PAGE_SIZE = 20;

export function ImportPreview({ def, groupId, reloadKey, initialStatus = '' }: ImportPreviewProps) {
  const t = useT();
  const [status, setStatus] = useState(initialStatus);
  const [errorText, setErrorText] = useState('');
  const fixed = { groupId: String(groupId) };
  const page = useFindPage<StagingRow>(def.entity, PAGE_SIZE, {
    ...fixed,
    ...(initialStatus ? { importStatus: initialStatus } : {}),
  });
  const { reload } = page;

  // A later change of reloadKey reloads; the one the preview mounted with was its first load.
  const mountedKey = useRef(reloadKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the trigger
  useEffect(() => {
    if (reloadKey !== mountedKey.current) reload();
  }, [reloadKey]);

  const columns = useMemo(
    () =>
      previewColumns(
        def,
        (row) => (
          <span className={`import-status import-status--${String(row.importStatus ?? '')}`}>
            {t(`code.importStatus.${String(row.importStatus ?? '')}`)}
          </span>
        ),
        (code) => t(`code.importStatus.${code}`),
        t,
      ),
    [def, t],
  );

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    page.search({ ...fixed, importStatus: status, errorMsg: errorText });
  };
  const reset = () => {
    setStatus('');
    setErrorText('');
    page.search(fixed);
  };

  return (
    <div className="import-preview" data-entity={def.entity}>
      <form className="wharf-filter-bar" onSubmit={search}>
        <SlSelect
          size="small"
          className="import-filter"
          label={t('import.col.status')}
          placeholder={t('import.filter.anyStatus')}
          value={status}
          clearable
          hoist
          data-testid="filter-importStatus"
          onSlChange={(event) => setStatus((event.target as SlSelectElement).value as string)}
        >
          {IMPORT_STATUSES.map((code) => (
            <SlOption key={code} value={code}>
              {t(`code.importStatus.${code}`)}
            </SlOption>
          ))}
        </SlSelect>
        <SlInput
          size="small"
          className="import-filter import-filter--wide"
          label={t('import.col.errorMsg')}
          value={errorText}
          placeholder={t('kit.filter.placeholder')}
          clearable
          autocomplete="off"
          data-testid="filter-errorMsg"
          onSlInput={(event) => setErrorText((event.target as SlInputElement).value)}
        />
        <FilterButtons onReset={reset} />
      </form>
      <DataTable<StagingRow>
        tableId={`import.${def.type}`}
        columns={columns}
        exportName={t(`import.type.${def.type}`)}
        height={TABLE_HEIGHT.list}
        {...pagedTableProps(page)}
        onSortChange={undefined}
      />
    </div>
  );
}
