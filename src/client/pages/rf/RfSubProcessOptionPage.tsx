/**
 * RF sub process option (Wms/RfSubProcessOption?whId&clientCode&subProcessName&dialogOptionName; spec 001 §2.1, §5):
 * the function keys of the dialogs, 200 a page. The option name cell leads to its process resources. The form offers
 * BACK, DONE, F1–F4, Exit plus the sub-process names as the next step, and the option resources when the option name
 * gains focus; warehouse, client, sub process and key are locked on edit.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useCallback, useRef, useState } from 'react';
import { rfSubProcessOption } from '../../../shared/entities/rf';
import { RF_EXIT_CHOICE, type RfResourceName } from '../../../shared/rfConfig';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlInput } from '../../kit/sl';
import { type WarehouseClient, WarehouseClientSelect } from '../../kit/WarehouseClientSelect';
import { RfChoiceField } from './RfChoiceField';
import { RfConfigList } from './RfConfigList';
import { ANY, loadResourceNames, RF_URLS, resourceUrl, useRouteVisit, useSubProcessNames } from './rfConfigApi';
import { SubProcessPicker } from './SubProcessPicker';
import { chosen, type RfFilters, typed, useRfPage } from './useRfPage';

/** Spec 001 §9: 200 rows a page. */
const PAGE_SIZE = 200;
const KEYS = ['whId', 'clientCode', 'subProcessName'] as const;

interface OptionFilter extends WarehouseClient {
  subProcessName: string;
  dialogOptionName: string;
}

const EMPTY: OptionFilter = { whId: '', clientCode: '', subProcessName: ANY, dialogOptionName: ANY };

const toFilters = (f: OptionFilter): RfFilters => ({
  whId: f.whId || ANY,
  clientCode: f.clientCode || ANY,
  subProcessName: chosen(f.subProcessName),
  dialogOptionName: typed(f.dialogOptionName),
});

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function RfSubProcessOptionPage() {
  const t = useT();
  const [filter, setFilter] = useState<OptionFilter>(EMPTY);
  const current = useRef(filter);
  const update = (next: OptionFilter) => {
    current.current = next;
    setFilter(next);
  };
  const names = useSubProcessNames(filter.whId, filter.clientCode);
  const page = useRfPage(rfSubProcessOption.name, PAGE_SIZE);
  const { search } = page;

  // Spec 001 §2.1: opened with warehouse, client and sub process, it searches at once (option name default %).
  useRouteVisit(RF_URLS.option, KEYS, (values) => {
    const params = new URLSearchParams(window.location.search);
    const next = { ...values, dialogOptionName: params.get('dialogOptionName') || ANY };
    update(next);
    search(toFilters(next));
  });

  // The form's warehouse and client choose the sub processes it offers.
  const [form, setForm] = useState<Readonly<Record<string, string>>>({});
  const formNames = useSubProcessNames(form.whId ?? '', form.clientCode ?? '');
  const [options, setOptions] = useState<RfResourceName[]>([]);
  const loadOptions = () =>
    void loadResourceNames('option')
      .then(setOptions)
      .catch(() => undefined);

  const links = useRef({ dialogOptionName: (row: EntityRow) => resourceUrl(text(row.dialogOptionName)) }).current;
  const newRow = useCallback((): EntityRow => {
    const { whId, clientCode, subProcessName } = current.current;
    return { whId, clientCode, subProcessName: subProcessName === ANY ? '' : subProcessName };
  }, []);

  const pairReady = Boolean(form.whId && form.clientCode);
  const renderField = (field: string, value: string, onChange: (value: string) => void, editing: boolean) => {
    if (field === 'subProcessName')
      return (
        <RfChoiceField
          entity={rfSubProcessOption.name}
          field={field}
          value={value}
          required
          readOnly={editing}
          placeholder={pairReady ? undefined : t('rfConfig.form.pairFirst')}
          choices={formNames.map((name) => ({ value: name, label: name }))}
          onChange={onChange}
        />
      );
    if (field === 'nextSubProcessName')
      return (
        <RfChoiceField
          entity={rfSubProcessOption.name}
          field={field}
          value={value}
          required
          choices={[RF_EXIT_CHOICE, ...formNames].map((name) => ({ value: name, label: name }))}
          onChange={onChange}
        />
      );
    if (field === 'dialogOptionName')
      return (
        <RfChoiceField
          entity={rfSubProcessOption.name}
          field={field}
          value={value}
          required
          choices={options.map((o) => ({ value: o.name, label: o.text ? `${o.name} · ${o.text}` : o.name }))}
          onFocus={loadOptions}
          onChange={onChange}
        />
      );
    return null;
  };

  return (
    <RfConfigList
      entity={rfSubProcessOption}
      page={page}
      links={links}
      newRow={newRow}
      renderField={renderField}
      onValuesChange={setForm}
      onSearch={() => search(toFilters(current.current))}
      onReset={() => {
        update(EMPTY);
        search(toFilters(EMPTY));
      }}
      filters={
        <>
          <WarehouseClientSelect
            value={filter}
            onChange={(pair) => {
              const same = pair.whId === filter.whId && pair.clientCode === filter.clientCode;
              const next = { ...current.current, ...pair, subProcessName: same ? filter.subProcessName : ANY };
              update(next);
              search(toFilters(next));
            }}
          />
          <SubProcessPicker
            names={names}
            value={filter.subProcessName}
            onChange={(name) => update({ ...current.current, subProcessName: name })}
          />
          <div className="wharf-filter">
            <SlInput
              size="small"
              label={t('entity.rfSubProcessOption.field.dialogOptionName')}
              value={filter.dialogOptionName === ANY ? '' : filter.dialogOptionName}
              placeholder={t('kit.filter.placeholder')}
              clearable
              autocomplete="off"
              data-testid="filter-dialogOptionName"
              onSlInput={(event) =>
                update({ ...current.current, dialogOptionName: (event.target as SlInputElement).value || ANY })
              }
              onSlClear={() => update({ ...current.current, dialogOptionName: ANY })}
            />
          </div>
        </>
      }
    />
  );
}
