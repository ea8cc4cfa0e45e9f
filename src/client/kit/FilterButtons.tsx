/** The Search and Reset buttons that end every list's filter bar; Search submits the bar's form (Enter does too). */
import { useT } from './i18n';
import { SlButton, SlIcon } from './sl';

export function FilterButtons({ onReset }: { onReset: () => void }) {
  const t = useT();
  return (
    <div className="wharf-filter-bar__buttons">
      <SlButton size="small" variant="primary" type="submit" data-testid="search">
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
