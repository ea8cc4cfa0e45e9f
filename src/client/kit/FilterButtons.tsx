/** The Search and Reset buttons that end every list's filter bar; Search submits the bar's form (Enter does too). */
import { useT } from './i18n';
import { SlButton, SlIcon } from './sl';

export function FilterButtons({ onReset, searchDisabled }: { onReset: () => void; searchDisabled?: boolean }) {
  const t = useT();
  return (
    <div className="wharf-filter-bar__buttons">
      {/* Disabled without the screen's :view (spec 001 §6: the view permission is Search's). */}
      <SlButton size="small" variant="primary" type="submit" disabled={searchDisabled} data-testid="search">
        <SlIcon slot="prefix" name="search" />
        {t('kit.action.search')}
      </SlButton>
      <SlButton size="small" data-testid="reset" onClick={onReset}>
        <SlIcon slot="prefix" name="arrow-counterclockwise" />
        {t('kit.action.reset')}
      </SlButton>
    </div>
  );
}
