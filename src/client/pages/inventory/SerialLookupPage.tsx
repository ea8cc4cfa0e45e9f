/**
 * The serial look-up (menu Wms/SerialLookup, `sys:tblSnHistory:view`): a warehouse and a serial typed or scanned →
 * its item, state and where it is (location, pallet, carton, order, delivery), and its history — every receipt, move,
 * pick, pack, ship and adjustment — from `tblSnMaster/lookup`, exported to Excel by the table's kit.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useMemo, useState } from 'react';
import type { SerialHistoryRow, SerialLookupRow } from '../../../shared/serials';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { DataTable, type TableColumn } from '../../kit/DataTable';
import { useT } from '../../kit/i18n';
import { SlAlert, SlButton, SlIcon, SlInput } from '../../kit/sl';
import { WarehouseSelect } from '../../kit/WarehouseSelect';
import '../inventory/inventory.css';

type EventRow = SerialHistoryRow & { itemNumber: string } & Record<string, unknown>;

const field = (name: string) => `entity.tblSnMaster.field.${name}`;

export function SerialLookupPage() {
  const t = useT();
  const [whId, setWhId] = useState('');
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const [found, setFound] = useState<SerialLookupRow[] | null>(null);
  const [loading, setLoading] = useState(false);

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const serialNumber = typed.trim();
    if (!whId || !serialNumber) return;
    setLoading(true);
    try {
      const envelope = await apiPost<SerialLookupRow[]>('/tblSnMaster/lookup', { whId, serialNumber });
      setAsked(serialNumber);
      setFound(envelope.code === SUCCESS ? envelope.data : null);
    } catch {
      setFound(null);
    } finally {
      setLoading(false);
    }
  };

  const columns = useMemo<TableColumn<EventRow>[]>(
    () => [
      { field: 'eventTime', headerKey: 'serials.field.eventTime', minWidth: 160 },
      { field: 'itemNumber', headerKey: field('itemNumber'), minWidth: 120 },
      { field: 'event', headerKey: 'serials.field.event', minWidth: 110, format: (v) => t(`serials.event.${String(v)}`) },
      { field: 'status', headerKey: field('status'), minWidth: 90, format: (v) => t(`code.snStatus.${String(v)}`) },
      { field: 'locationId', headerKey: field('locationId'), minWidth: 110 },
      { field: 'huId', headerKey: 'serials.field.huId', minWidth: 110 },
      { field: 'lotNumber', headerKey: field('lotNumber'), minWidth: 100 },
      { field: 'orderNumber', headerKey: field('orderNumber'), minWidth: 120 },
      { field: 'cartonNumber', headerKey: 'serials.field.cartonNumber', minWidth: 120 },
      { field: 'deliveryNumber', headerKey: 'serials.field.deliveryNumber', minWidth: 120 },
      {
        field: 'documentNumber',
        headerKey: 'serials.field.document',
        minWidth: 160,
        format: (v, row) =>
          `${t(`serials.document.${row.documentType}`)} ${String(v)}${row.lineNumber ? `/${row.lineNumber}` : ''}`,
      },
      { field: 'employeeId', headerKey: 'serials.field.employee', minWidth: 100 },
    ],
    [t],
  );
  const rows: EventRow[] = (found ?? []).flatMap((s) => s.history.map((h) => ({ ...h, itemNumber: s.itemNumber })));
  const where = (s: SerialLookupRow) =>
    [
      s.locationId ? `${t(field('locationId'))} ${s.locationId}` : '',
      s.huId && s.huId !== s.cartonNumber ? `${t('serials.field.huId')} ${s.huId}` : '',
      s.cartonNumber ? `${t('serials.field.cartonNumber')} ${s.cartonNumber}` : '',
      s.orderNumber ? `${t(field('orderNumber'))} ${s.orderNumber}` : '',
      s.deliveryNumber ? `${t('serials.field.deliveryNumber')} ${s.deliveryNumber}` : '',
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <div className="wharf-list-page serial-lookup" data-testid="serial-lookup-page">
      <form className="wharf-filter-bar" noValidate onSubmit={(event) => void search(event)}>
        <div className="wharf-filter">
          <WarehouseSelect
            value={whId}
            size="small"
            label={t('serials.field.whId')}
            testId="serial-lookup-warehouse"
            onChange={setWhId}
          />
        </div>
        <div className="wharf-filter">
          <SlInput
            size="small"
            label={t(field('serialNumber'))}
            placeholder={t('serials.lookup.scan')}
            value={typed}
            maxlength={60}
            autocomplete="off"
            data-testid="serial-lookup-input"
            onSlInput={(event) => setTyped((event.target as SlInputElement).value)}
          />
        </div>
        <div className="wharf-filter-bar__buttons">
          <SlButton
            size="small"
            variant="primary"
            type="submit"
            loading={loading}
            disabled={!whId || !typed.trim()}
            data-testid="serial-lookup-search"
          >
            <SlIcon slot="prefix" name="search" />
            {t('serials.lookup.search')}
          </SlButton>
        </div>
      </form>
      {found !== null && found.length === 0 ? (
        <SlAlert open variant="warning" data-testid="serial-lookup-none">
          <SlIcon slot="icon" name="exclamation-triangle" />
          {t('serials.lookup.notFound', { serialNumber: asked, whId })}
        </SlAlert>
      ) : null}
      {(found ?? []).map((s) => (
        <div key={s.itemNumber} className="inventory-task-header" data-testid="serial-lookup-state">
          <span className="inventory-task-header__title">
            {s.serialNumber} · {s.itemNumber}
            {s.itemDescription ? ` ${s.itemDescription}` : ''} · {s.clientCode}
          </span>
          <strong data-testid="serial-lookup-status">{t(`code.snStatus.${s.status}`)}</strong>
          <span data-testid="serial-lookup-where">{where(s)}</span>
        </div>
      ))}
      <DataTable<EventRow>
        tableId="serialLookup"
        columns={columns}
        rows={rows}
        total={rows.length}
        pageNum={1}
        pageSize={Math.max(rows.length, 1)}
        wholeList
        loading={loading}
        onPageChange={() => undefined}
        onRefresh={() => void search()}
        exportName={`${t('serials.lookup.title')} ${asked}`}
        emptyText={t('serials.lookup.empty')}
      />
    </div>
  );
}
