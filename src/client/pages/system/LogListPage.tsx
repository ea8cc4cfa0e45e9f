/** Operation log (menu `sys/log`): every change the server accepted, newest first; read only. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useRef, useState } from 'react';
import { DataTable, type TableColumn } from '../../kit/DataTable';
import { DateFilter } from '../../kit/DateFilter';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon, SlInput } from '../../kit/sl';
import { formatDateTime } from '../../kit/tableState';
import { type Filters, useFindPage } from '../../kit/useFindPage';
import '../../kit/kit.css';

type LogRow = { id: number } & Record<string, unknown>;

const COLUMNS: TableColumn<LogRow>[] = [
  { field: 'time', headerKey: 'sys.log.field.time', minWidth: 170, format: formatDateTime },
  { field: 'userName', headerKey: 'sys.log.field.userName', minWidth: 110 },
  { field: 'operation', headerKey: 'sys.log.field.operation', minWidth: 220 },
  { field: 'method', headerKey: 'sys.log.field.method', minWidth: 80 },
  { field: 'ip', headerKey: 'sys.log.field.ip', minWidth: 120 },
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
  const page = useFindPage<LogRow>('log');
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
      <form
        className="wharf-filter-bar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          page.search(draftRef.current);
        }}
      >
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
                data-testid={`filter-${field}`}
                onSlInput={(event) => update(field, (event.target as SlInputElement).value)}
                onSlClear={() => update(field, '')}
              />
            )}
          </div>
        ))}
        <div className="wharf-filter-bar__buttons">
          <SlButton size="small" variant="primary" type="submit" data-testid="search">
            <SlIcon slot="prefix" name="search" />
            {t('kit.action.search')}
          </SlButton>
          <SlButton size="small" data-testid="reset" onClick={reset}>
            <SlIcon slot="prefix" name="arrow-counterclockwise" />
            {t('kit.action.reset')}
          </SlButton>
        </div>
      </form>
      <DataTable<LogRow>
        tableId="log"
        columns={COLUMNS}
        rows={page.rows}
        total={page.total}
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        loading={page.loading}
        onPageChange={page.setPage}
        onRefresh={page.reload}
        exportName={t('sys.log.title')}
      />
    </div>
  );
}
