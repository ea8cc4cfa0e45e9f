/**
 * The expiring-stock report (menu Wms/ExpiringStock; inventory README "Expiry"): stock rows of one warehouse whose expiry
 * falls within the warning days (EXPIRY_WARNING_DAYS of the client, else the warehouse, else 30) or the days typed,
 * expired rows included; soonest first; filters warehouse/client, item, days; Excel export from the table's toolbar.
 * View-only (sys:expiringStock:view).
 */
import { vExpiringStock } from '../../../shared/entities/vExpiringStock';
import { EntityListPage, type ExtraFilter } from '../../kit/EntityListPage';

const REQUIRED = ['whId'] as const;
// Empty: each row's warning days (EXPIRY_WARNING_DAYS of its client, else the warehouse, else 30).
const EXTRA_FILTERS: readonly ExtraFilter[] = [
  { key: 'days', labelKey: 'inventory.expiring.days', type: 'text', placeholderKey: 'inventory.expiring.daysPlaceholder' },
];

export function ExpiringStockPage() {
  return (
    <EntityListPage entity={vExpiringStock} findCall="findPageByPara" requiredFilters={REQUIRED} extraFilters={EXTRA_FILTERS} />
  );
}
