/**
 * Filters a list screen takes from its address (README "Filters from the address"): `/Wms/TOrder?whId=WH01&status=K`
 * opens the order list filtered so — the home dashboard's tiles link to their lists this way. Only the entity's
 * filterable fields and the screen's own filters are read; any other value (`t`, the time of opening) is ignored.
 */
import type { EntityDef } from '../../shared/entities/defineEntity';
import type { Filters } from './useFindPage';

export function filtersFromQuery(search: string, entity: EntityDef, extraKeys: readonly string[] = []): Filters {
  const filters: Filters = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const trimmed = value.trim();
    // The first value of a key counts; own keys only (a key such as "constructor" is no field).
    if (trimmed === '' || Object.hasOwn(filters, key)) continue;
    if ((Object.hasOwn(entity.fields, key) && entity.fields[key]?.filter) || extraKeys.includes(key)) filters[key] = trimmed;
  }
  return filters;
}
