/** Operation log (menu `sys/log`): every change the server accepted, newest first; read only. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useRef, useState } from 'react';
import { DataTable, type TableColumn } from '../../kit/DataTable';
import { DateFilter } from '../../kit/DateFilter';
import { FilterBar } from '../../kit/FilterBar';
import { useT } from '../../kit/i18n';
import { SlInput } from '../../kit/sl';
import { formatDateTime } from '../../kit/tableState';
import { fitTextStyle } from '../../kit/textWidth';
import { type Filters, pagedTableProps, useFindPage } from '../../kit/useFindPage';
import '../../kit/kit.css';
import { FilterButtons } from '../../kit/FilterButtons';

type LogRow = { id: number } & Record<string, unknown>;

const COLUMNS: TableColumn<LogRow>[] = [
  { field: 'time', headerKey: 'sys.log.field.time', minWidth: 170, format: formatDateTime, sortable: true },
  { field: 'userName', headerKey: 'sys.log.field.userName', minWidth: 110, sortable: true },
  { field: 'operation', headerKey: 'sys.log.field.operation', minWidth: 220, sortable: true },
  { field: 'method', headerKey: 'sys.log.field.method', minWidth: 80, sortable: true },
  { field: 'ip', headerKey: 'sys.log.field.ip', minWidth: 120, sortable: true },
  { field: 'params', headerKey: 'sys.log.field.params', minWidth: 360 },
];

const FILTERS: { field: string; type: 'text' | 'date' }[] = [
  { field: 'userName', type: 'text' },
  { field: 'operation', type: 'text' },
  { field: 'ip', type: 'text' },
  { field: 'timeFrom', type: 'date' },
  { field: 'timeTo', type: 'date' },
];

export function LogListPage() {
  const t = useT();
  const page = useFindPage<LogRow>('log', undefined, {}, 'log');
  const [draft, setDraft] = useState<Filters>({});
  const draftRef = useRef<Filters>({});
  const update = (field: string, value: string) => {
    draftRef.current = { ...draftRef.current, [field]: value };
    setDraft(draftRef.current);
  };
  const reset = () => {
    draftRef.current = {};
    setDraft({});
    page.search({});
  };

  return (
    <div className="wharf-list-page" data-entity="log">
      <FilterBar count={Object.keys(page.filters).length} onSearch={() => page.search(draftRef.current)}>
        {FILTERS.map(({ field, type }) => (
          <div key={field} className="wharf-filter">
            {type === 'date' ? (
              <DateFilter
                label={t(`sys.log.field.${field}`)}
                value={draft[field] ?? ''}
                testId={`filter-${field}`}
                onChange={(value) => update(field, value)}
              />
            ) : (
              <SlInput
                size="small"
                label={t(`sys.log.field.${field}`)}
                value={draft[field] ?? ''}
                clearable
                autocomplete="off"
                placeholder={t('kit.filter.placeholder')}
                style={fitTextStyle([t('kit.filter.placeholder')])}
                data-testid={`filter-${field}`}
                onSlInput={(event) => update(field, (event.target as SlInputElement).value)}
                onSlClear={() => update(field, '')}
              />
            )}
          </div>
        ))}
        <FilterButtons onReset={reset} />
      </FilterBar>
      <DataTable<LogRow> tableId="log" columns={COLUMNS} {...pagedTableProps(page)} exportName={t('sys.log.title')} />
    </div>
  );
}
