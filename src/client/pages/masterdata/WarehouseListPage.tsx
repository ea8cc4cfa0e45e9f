/** Warehouses (menu `Wms/TWhse`): the generic list screen over tWhse. */
import { tWhse } from '../../../shared/entities/tWhse';
import { EntityListPage } from '../../kit/EntityListPage';
import { clearWarehouseCache } from '../../kit/WarehouseSelect';

/** Warehouse master data; a change refreshes the warehouse choice lists of the other screens. */
export function WarehouseListPage() {
  return <EntityListPage entity={tWhse} onChanged={clearWarehouseCache} />;
}
