/** The filter's sub-process choice (spec 001 §2.1, §2.2): "Any" (value %) and the names of the chosen pair. */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useT } from '../../kit/i18n';
import { SlOption, SlSelect } from '../../kit/sl';
import { ANY } from './rfConfigApi';

export function SubProcessPicker({
  names,
  value,
  onChange,
}: {
  names: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const shown = value || ANY;
  return (
    <div className="wharf-filter">
      <SlSelect
        size="small"
        label={t('rfConfig.filter.subProcess')}
        value={shown}
        hoist
        data-testid="filter-subProcessName"
        onSlChange={(event) => onChange(((event.target as SlSelectElement).value as string) || ANY)}
      >
        <SlOption value={ANY}>{t('rfConfig.filter.any')}</SlOption>
        {/* A name from the route the list does not hold (yet) still shows. */}
        {shown !== ANY && !names.includes(shown) ? <SlOption value={shown}>{shown}</SlOption> : null}
        {names.map((name) => (
          <SlOption key={name} value={name}>
            {name}
          </SlOption>
        ))}
      </SlSelect>
    </div>
  );
}
