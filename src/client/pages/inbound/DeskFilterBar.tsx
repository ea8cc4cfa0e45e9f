/** The top of the inspection and putaway desks: the warehouse/client pair, Search, and a hint until a warehouse is chosen. */
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/sl';
import { type WarehouseClient, WarehouseClientSelect } from '../../kit/WarehouseClientSelect';

export function DeskFilterBar({
  pair,
  onPair,
  onSearch,
}: {
  pair: WarehouseClient;
  onPair: (pair: WarehouseClient) => void;
  onSearch: () => void;
}) {
  const t = useT();
  return (
    <>
      <div className="wharf-filter-bar">
        <WarehouseClientSelect value={pair} required onChange={onPair} />
        <div className="wharf-filter-bar__buttons">
          <SlButton size="small" variant="primary" data-testid="search" disabled={!pair.whId} onClick={onSearch}>
            <SlIcon slot="prefix" name="search" />
            {t('kit.action.search')}
          </SlButton>
        </div>
      </div>
      {!pair.whId && <p className="inbound-desk__hint">{t('inbound.inspection.chooseWarehouse')}</p>}
    </>
  );
}
