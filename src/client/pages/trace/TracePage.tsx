/**
 * Lot and serial trace (menu Inventory → 批次追溯 / Lot trace, `Wms/Trace`; inventory README "Lot and serial trace"): a search box for a
 * lot, serial, delivery or order number in one warehouse, then one section per part of the answer — customers first
 * (the recall question "which customers got lot X?"), lots, serials, receipts, ledger rows, stock now, orders, cartons,
 * deliveries, proofs of delivery — each with its Excel export (the kit's). The server enforces sys:trace:view and the
 * warehouse and client grants.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useState } from 'react';
import { TRACE_SECTIONS, type TraceAnswer, type TraceSection } from '../../../shared/trace';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { type ExportColumn, exportExcel, exportFileName } from '../../kit/exportExcel';
import { useT } from '../../kit/i18n';
import { SlButton, SlInput, SlOption, SlSelect } from '../../kit/sl';
import { ToolButton } from '../../kit/ToolButton';
import { WarehouseSelect } from '../../kit/WarehouseSelect';
import './trace.css';

const KINDS = ['lot', 'serial', 'delivery', 'order'] as const;
type Kind = (typeof KINDS)[number];

/** The call and body of each kind of search. */
const REQUEST: Record<Kind, { url: string; key: string }> = {
  lot: { url: '/trace/lot', key: 'lotNumber' },
  serial: { url: '/trace/lot', key: 'serialNumber' },
  delivery: { url: '/trace/delivery', key: 'deliveryNumber' },
  order: { url: '/trace/delivery', key: 'orderNumber' },
};

/** A column: the row's field, its code list when the value is a code, its width. */
interface Column {
  field: string;
  codes?: string;
  width?: number;
}

const COLUMNS: Record<TraceSection, readonly Column[]> = {
  customers: [
    { field: 'customerCode' },
    { field: 'customerName', width: 180 },
    { field: 'shipToName', width: 160 },
    { field: 'shipToCity' },
    { field: 'orders', width: 160 },
    { field: 'deliveries', width: 160 },
    { field: 'qty' },
  ],
  lots: [{ field: 'itemNumber' }, { field: 'lotNumber' }, { field: 'clientCode' }, { field: 'qty' }],
  serials: [
    { field: 'itemNumber' },
    { field: 'serialNumber' },
    { field: 'lotNumber' },
    { field: 'status', codes: 'snStatus' },
    { field: 'locationId' },
    { field: 'orderNumber' },
    { field: 'receiptId' },
  ],
  receipts: [
    { field: 'receiptDate', width: 150 },
    { field: 'receiptId' },
    { field: 'poNumber' },
    { field: 'vendorCode' },
    { field: 'vendorName', width: 160 },
    { field: 'itemNumber' },
    { field: 'lotNumber' },
    { field: 'expirationDate' },
    { field: 'qty' },
    { field: 'uom' },
    { field: 'locationId' },
  ],
  movements: [
    { field: 'tranDate', width: 150 },
    { field: 'tranType', codes: 'tranType' },
    { field: 'itemNumber' },
    { field: 'lotNumber' },
    { field: 'quantity' },
    { field: 'fromLocationId' },
    { field: 'toLocationId' },
    { field: 'huId' },
    { field: 'controlNumber' },
    { field: 'employeeId' },
  ],
  onHand: [
    { field: 'locationId' },
    { field: 'itemNumber' },
    { field: 'lotNumber' },
    { field: 'huId' },
    { field: 'status', codes: 'storedItemStatus' },
    { field: 'actualQty' },
    { field: 'allocatedQty' },
    { field: 'unavailableQty' },
    { field: 'expirationDate' },
  ],
  orders: [
    { field: 'orderNumber' },
    { field: 'status', codes: 'orderStatus' },
    { field: 'customerCode' },
    { field: 'customerName', width: 180 },
    { field: 'shipToName', width: 160 },
    { field: 'itemNumber' },
    { field: 'lotNumber' },
    { field: 'pickedQty' },
    { field: 'allocatedQty' },
    { field: 'waveId' },
  ],
  cartons: [
    { field: 'cartonNumber' },
    { field: 'orderNumber' },
    { field: 'status', codes: 'cartonStatus' },
    { field: 'itemNumber' },
    { field: 'lotNumber' },
    { field: 'qty' },
    { field: 'deliveryNumber' },
    { field: 'shipLabelBarcode', width: 150 },
  ],
  deliveries: [
    { field: 'deliveryNumber' },
    { field: 'carrierId' },
    { field: 'status', codes: 'deliveryStatus' },
    { field: 'cartonCount' },
    { field: 'shipTime', width: 150 },
  ],
  pods: [
    { field: 'deliveryNumber' },
    { field: 'driverName' },
    { field: 'vehiclePlate' },
    { field: 'stationName' },
    { field: 'userName' },
    { field: 'signedAt', width: 150 },
  ],
};

type Cells = Record<string, unknown>;

export function TracePage() {
  const t = useT();
  const [whId, setWhId] = useState('');
  const [kind, setKind] = useState<Kind>('lot');
  const [number, setNumber] = useState('');
  const [itemNumber, setItemNumber] = useState('');
  const [answer, setAnswer] = useState<TraceAnswer | null>(null);
  const [loading, setLoading] = useState(false);

  const cell = (column: Column, row: Cells): string => {
    const value = row[column.field];
    if (value === null || value === undefined || value === '') return '';
    return column.codes ? t(`code.${column.codes}.${String(value)}`) : String(value);
  };

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const { url, key } = REQUEST[kind];
    const item = kind === 'lot' || kind === 'serial' ? { itemNumber: itemNumber.trim() || undefined } : {};
    setLoading(true);
    try {
      const envelope = await apiPost<TraceAnswer>(url, { whId, [key]: number.trim(), ...item });
      setAnswer(envelope.code === SUCCESS ? envelope.data : null);
    } finally {
      setLoading(false);
    }
  };

  const exportSection = (section: TraceSection) => {
    if (!answer) return;
    const columns: ExportColumn<Cells>[] = COLUMNS[section].map((column) => ({
      header: t(`trace.field.${column.field}`),
      widthPx: column.width ?? 110,
      text: (row) => cell(column, row),
    }));
    void exportExcel(
      exportFileName(`${t(`trace.section.${section}`)}_${number.trim()}`),
      columns,
      answer[section] as unknown as Cells[],
    );
  };

  return (
    <div className="trace-page" data-testid="trace-page">
      <form className="trace-search" noValidate onSubmit={(event) => void search(event)}>
        <WarehouseSelect value={whId} onChange={setWhId} label={t('trace.warehouse')} testId="trace-wh" size="small" />
        <SlSelect
          size="small"
          label={t('trace.kind')}
          value={kind}
          hoist
          data-testid="trace-kind"
          onSlChange={(event) => setKind((event.target as SlSelectElement).value as Kind)}
        >
          {KINDS.map((k) => (
            <SlOption key={k} value={k}>
              {t(`trace.kind.${k}`)}
            </SlOption>
          ))}
        </SlSelect>
        <SlInput
          size="small"
          label={t(`trace.kind.${kind}`)}
          value={number}
          maxlength={60}
          autocomplete="off"
          data-testid="trace-number"
          onSlInput={(event) => setNumber((event.target as SlInputElement).value)}
        />
        {kind === 'lot' || kind === 'serial' ? (
          <SlInput
            size="small"
            label={t('trace.field.itemNumber')}
            placeholder={t('trace.itemOptional')}
            value={itemNumber}
            maxlength={50}
            autocomplete="off"
            data-testid="trace-item"
            onSlInput={(event) => setItemNumber((event.target as SlInputElement).value)}
          />
        ) : null}
        <SlButton
          size="small"
          variant="primary"
          type="submit"
          loading={loading}
          disabled={!whId || !number.trim()}
          data-testid="trace-search"
        >
          {t('trace.search')}
        </SlButton>
      </form>
      {answer ? (
        <div className="trace-sections">
          {TRACE_SECTIONS.map((section) => {
            const rows = answer[section] as unknown as Cells[];
            return (
              <section key={section} className="trace-section" data-testid={`trace-${section}`}>
                <header className="trace-section__header">
                  <h3>
                    {t(`trace.section.${section}`)} <span className="trace-section__count">{rows.length}</span>
                  </h3>
                  {answer.truncated.includes(section) ? <span className="trace-section__cut">{t('trace.truncated')}</span> : null}
                  <ToolButton
                    label={t('kit.table.export')}
                    icon="file-earmark-spreadsheet"
                    testId={`trace-export-${section}`}
                    disabled={rows.length === 0}
                    onClick={() => exportSection(section)}
                  />
                </header>
                {rows.length === 0 ? (
                  <p className="trace-section__none">{t('trace.none')}</p>
                ) : (
                  <div className="trace-table-wrap">
                    <table className="trace-table">
                      <thead>
                        <tr>
                          {COLUMNS[section].map((column) => (
                            <th key={column.field} style={{ minWidth: column.width ?? 90 }}>
                              {t(`trace.field.${column.field}`)}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((row, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a section are read-only and never reordered
                          <tr key={i}>
                            {COLUMNS[section].map((column) => (
                              <td key={column.field}>{cell(column, row)}</td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            );
          })}
        </div>
      ) : (
        <p className="trace-hint">{t('trace.hint')}</p>
      )}
    </div>
  );
}
