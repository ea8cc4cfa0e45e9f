/**
 * The allocation list (Wms/TAllocation?id&t; spec 001 §2.10): the reservations of one pick detail, filtered by the id
 * of the route, read-only (no add, edit or delete), 8 per page; Back returns to the list it was opened from.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { tAllocation } from '../../../shared/entities/tAllocation';
import { EntityListPage } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/sl';
import './picking.css';

const ALLOCATION_URL = '/Wms/TAllocation';
const PICK_DETAIL_URL = '/Wms/TPickDetail';
/** Opened without its pick detail, the screen asks nothing and offers the pick details. */
const KEYS = ['pickDetailId'] as const;

export function AllocationPage() {
  const t = useT();
  const [location, setLocation] = useLocation();
  const next = new URLSearchParams(useSearch()).get('id') ?? '';
  const [id, setId] = useState(next);
  useEffect(() => {
    if (location === ALLOCATION_URL && next) setId(next);
  }, [location, next]);
  const fixedFilters = useMemo(() => ({ pickDetailId: id }), [id]);
  // Back to where the allocations were opened from (a pick task or a pick detail, with its wave); the pick details
  // when the route was opened on its own.
  const back = () => (history.length > 1 ? history.back() : setLocation(PICK_DETAIL_URL));
  return (
    <EntityListPage
      key={id}
      entity={tAllocation}
      fixedFilters={fixedFilters}
      requiredFilters={KEYS}
      listUrl={PICK_DETAIL_URL}
      pageSize={8}
      showId
      header={
        <div className="pick-header" data-testid="allocation-header">
          <SlButton size="small" data-testid="back" onClick={back}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('outbound.pick.back')}
          </SlButton>
          <span className="pick-header__title">{t('outbound.pick.allocationsOf', { id })}</span>
        </div>
      }
    />
  );
}
