/**
 * Pick details (Wms/TPickDetail): one row per order line of a released wave with the spec's quantities (ordered,
 * unplanned, planned, picked, staged, loaded, packed, shipped), view-only, each with a link to its allocations.
 */
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { tPickDetail } from '../../../shared/entities/tPickDetail';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { screenUrl } from '../../kit/screenUrl';

export function PickDetailPage() {
  const [, setLocation] = useLocation();
  const actions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'allocations',
        labelKey: 'outbound.pick.allocations',
        allowed: true,
        onClick: (row) => setLocation(screenUrl('/Wms/TAllocation', { id: row.id })),
      },
    ],
    [setLocation],
  );
  return <EntityListPage entity={tPickDetail} rowActions={actions} showId />;
}
