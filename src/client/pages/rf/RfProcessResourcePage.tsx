/**
 * RF process resource (Wms/RfProcessResourceDetail?name&type; spec 001 §2.3, §5): the dialog texts per type and locale.
 * Filter by type (Any = %) and name (% patterns); opened with both values it searches at once (the link cells of the
 * other two screens send the name and type %).
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useCallback, useRef, useState } from 'react';
import { rfProcessResource } from '../../../shared/entities/rf';
import { RF_RESOURCE_TYPES } from '../../../shared/rfConfig';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlInput, SlOption, SlSelect } from '../../kit/sl';
import { RfConfigList } from './RfConfigList';
import { ANY, RF_URLS, useRouteVisit } from './rfConfigApi';
import { type RfFilters, typed, useRfPage } from './useRfPage';

const KEYS = ['name', 'type'] as const;

interface ResourceFilter {
  name: string;
  type: string;
}

const EMPTY: ResourceFilter = { name: ANY, type: ANY };
const toFilters = (f: ResourceFilter): RfFilters => ({ name: typed(f.name), type: f.type || ANY });

export function RfProcessResourcePage() {
  const t = useT();
  const [filter, setFilter] = useState<ResourceFilter>(EMPTY);
  const current = useRef(filter);
  const update = (next: ResourceFilter) => {
    current.current = next;
    setFilter(next);
  };
  const page = useRfPage(rfProcessResource.name, 10);
  const { search } = page;

  useRouteVisit(RF_URLS.resource, KEYS, (values) => {
    update(values);
    search(toFilters(values));
  });

  // A new resource starts with the name and type looked at (not the "any" of the filter).
  const newRow = useCallback((): EntityRow => {
    const { name, type } = current.current;
    return { name: name.includes('%') ? '' : name, type: type === ANY ? '' : type };
  }, []);

  return (
    <RfConfigList
      entity={rfProcessResource}
      page={page}
      newRow={newRow}
      onSearch={() => search(toFilters(current.current))}
      onReset={() => {
        update(EMPTY);
        search(toFilters(EMPTY));
      }}
      filters={
        <>
          <div className="wharf-filter">
            <SlSelect
              size="small"
              label={t('entity.rfProcessResource.field.type')}
              value={filter.type || ANY}
              hoist
              data-testid="filter-type"
              onSlChange={(event) =>
                update({ ...current.current, type: ((event.target as SlSelectElement).value as string) || ANY })
              }
            >
              <SlOption value={ANY}>{t('rfConfig.filter.any')}</SlOption>
              {RF_RESOURCE_TYPES.map((type) => (
                <SlOption key={type} value={type}>
                  {t(`code.rfResourceType.${type}`)}
                </SlOption>
              ))}
            </SlSelect>
          </div>
          <div className="wharf-filter">
            <SlInput
              size="small"
              label={t('entity.rfProcessResource.field.name')}
              value={filter.name === ANY ? '' : filter.name}
              placeholder={t('kit.filter.placeholder')}
              clearable
              autocomplete="off"
              data-testid="filter-name"
              onSlInput={(event) => update({ ...current.current, name: (event.target as SlInputElement).value || ANY })}
              onSlClear={() => update({ ...current.current, name: ANY })}
            />
          </div>
        </>
      }
    />
  );
}
