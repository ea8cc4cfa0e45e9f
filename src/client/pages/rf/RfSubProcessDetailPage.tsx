/**
 * RF sub process detail (Wms/RfSubProcessDetail?whId&clientCode&subProcessName; spec 001 §2.2, §5): the dialogs of a
 * warehouse and client, 100 a page. Title, header and prompt cells lead to their process resources, the option name
 * cell to the dialog's function keys. Add Process Resource opens the resource screen (name %, type %); Add Function
 * Key needs the warehouse, client and sub process chosen and opens the option screen for them.
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { rfSubProcessDetail } from '../../../shared/entities/rf';
import { permission } from '../../../shared/permissions';
import { toast } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon } from '../../kit/sl';
import { type WarehouseClient, WarehouseClientSelect } from '../../kit/WarehouseClientSelect';
import { RfConfigList } from './RfConfigList';
import { ANY, optionUrl, RF_URLS, resourceUrl, useRouteVisit, useSubProcessNames } from './rfConfigApi';
import { SubProcessPicker } from './SubProcessPicker';
import { chosen, type RfFilters, useRfPage } from './useRfPage';

/** Spec 001 §9: 100 rows a page. */
const PAGE_SIZE = 100;
const KEYS = ['whId', 'clientCode', 'subProcessName'] as const;

interface DetailFilter extends WarehouseClient {
  subProcessName: string;
}

const toFilters = (f: DetailFilter): RfFilters => ({
  whId: f.whId || ANY,
  clientCode: f.clientCode || ANY,
  subProcessName: chosen(f.subProcessName),
});

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function RfSubProcessDetailPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const canAdd = usePermission(permission(rfSubProcessDetail.resource, 'add'));
  const [filter, setFilter] = useState<DetailFilter>({ whId: '', clientCode: '', subProcessName: ANY });
  // Search reads the filter as chosen, even when the click comes before React has re-rendered.
  const current = useRef(filter);
  const update = (next: DetailFilter) => {
    current.current = next;
    setFilter(next);
  };
  const [version, setVersion] = useState(0);
  const names = useSubProcessNames(filter.whId, filter.clientCode, version);
  const page = useRfPage(rfSubProcessDetail.name, PAGE_SIZE);
  const { search } = page;

  // Spec 001 §2.2: opened with all three values, it searches at once.
  useRouteVisit(RF_URLS.detail, KEYS, (values) => {
    update(values);
    search(toFilters(values));
  });

  const links = useRef({
    dialogTitle: (row: EntityRow) => resourceUrl(text(row.dialogTitle)),
    dialogHeader1: (row: EntityRow) => resourceUrl(text(row.dialogHeader1)),
    dialogHeader2: (row: EntityRow) => resourceUrl(text(row.dialogHeader2)),
    dialogHeader3: (row: EntityRow) => resourceUrl(text(row.dialogHeader3)),
    dialogHeader4: (row: EntityRow) => resourceUrl(text(row.dialogHeader4)),
    dialogHeader5: (row: EntityRow) => resourceUrl(text(row.dialogHeader5)),
    dialogPrompt: (row: EntityRow) => resourceUrl(text(row.dialogPrompt)),
    dialogOptionName: (row: EntityRow) =>
      optionUrl(text(row.whId), text(row.clientCode), text(row.subProcessName), text(row.dialogOptionName)),
  }).current;

  const addFunctionKey = () => {
    const { whId, clientCode, subProcessName } = current.current;
    if (!whId || !clientCode || !subProcessName || subProcessName === ANY) {
      toast('warning', t('rfConfig.requiredFields'));
      return;
    }
    setLocation(optionUrl(whId, clientCode, subProcessName, ANY));
  };

  const newRow = useCallback((): EntityRow => {
    const { whId, clientCode } = current.current;
    return { whId, clientCode };
  }, []);

  return (
    <RfConfigList
      entity={rfSubProcessDetail}
      page={page}
      links={links}
      newRow={newRow}
      onChanged={() => setVersion((v) => v + 1)}
      onSearch={() => search(toFilters(current.current))}
      onReset={() => {
        const empty = { whId: '', clientCode: '', subProcessName: ANY };
        update(empty);
        search(toFilters(empty));
      }}
      filters={
        <>
          <WarehouseClientSelect
            value={filter}
            onChange={(pair) => {
              // Another pair has other sub processes: the name starts again from Any.
              const next = {
                ...pair,
                subProcessName: pair.whId === filter.whId && pair.clientCode === filter.clientCode ? filter.subProcessName : ANY,
              };
              update(next);
              search(toFilters(next));
            }}
          />
          <SubProcessPicker
            names={names}
            value={filter.subProcessName}
            onChange={(name) => update({ ...current.current, subProcessName: name })}
          />
        </>
      }
      toolbarExtra={
        <>
          <SlButton size="small" disabled={!canAdd} data-testid="add-resource" onClick={() => setLocation(resourceUrl(ANY))}>
            <SlIcon slot="prefix" name="translate" />
            {t('rfConfig.action.addResource')}
          </SlButton>
          <SlButton size="small" disabled={!canAdd} data-testid="add-function-key" onClick={addFunctionKey}>
            <SlIcon slot="prefix" name="keyboard" />
            {t('rfConfig.action.addFunctionKey')}
          </SlButton>
        </>
      }
    />
  );
}
