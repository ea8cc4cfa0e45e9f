/**
 * Receiving at a desk (Wms/Receiving?poNumber&whId): the warehouse/client pair, a PO chosen from the open and receiving
 * ones or typed/scanned, an inbound dock door whose staging location becomes the receiving location, the PO's lines
 * with ordered / received / remaining, and a receive dialog per line. Every receipt is `globalOptions/addReceipt`;
 * the receipt number of the arrival is kept for the next lines until a new arrival starts.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { DataTable, type RowAction, TABLE_HEIGHT, type TableColumn } from '../../kit/DataTable';
import { useT } from '../../kit/i18n';
import { LookupSelect } from '../../kit/LookupSelect';
import { loadOptions } from '../../kit/lookupOptions';
import { visitOf } from '../../kit/screenUrl';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlInput, SlOption, SlSelect, SlTooltip } from '../../kit/sl';
import { fitTextStyle } from '../../kit/textWidth';
import { useScreenShown } from '../../kit/useScreenShown';
import { type WarehouseClient, WarehouseClientSelect } from '../../kit/WarehouseClientSelect';
import { poUrl } from './poScreens';
import { postReceipt, ReceiptDialog, type ReceiptTarget } from './ReceiptDialog';
import '../inventory/inventory.css';
import './inbound.css';

/** A PO line as `tReceipt/getReceivingPo` answers it. */
export interface PoLineView {
  id: number;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string | null;
  orderUom: string;
  lotControl: 'Y' | 'N';
  shelfLife: number | null;
  serialControl: 'Y' | 'N';
  /** Base units per order unit (null: the unit has no factor). */
  factor: string | null;
  lotNumber: string | null;
  storedAttributeId: number | null;
  ordered: string;
  received: string;
  damaged: string;
  remaining: string;
  attributeTypes: (string | null)[];
  attributeValues: (string | null)[];
}

export interface PoView {
  poNumber: string;
  whId: string;
  clientCode: string;
  vendorCode: string | null;
  status: string;
  lines: PoLineView[];
}

/** Reads a PO with its lines; null (refusal toasted unless silent) when it cannot be read. */
export async function fetchPo(whId: string, poNumber: string, silent = false): Promise<PoView | null> {
  try {
    const envelope = await apiPost<PoView>('/tReceipt/getReceivingPo', { whId, poNumber }, { silent });
    return envelope.code === SUCCESS ? envelope.data : null;
  } catch {
    return null;
  }
}

type LineRow = PoLineView & Record<string, unknown>;

export function ReceivingPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const params = new URLSearchParams(useSearch());
  const shown = useScreenShown('Wms/Receiving');
  const nextPo = params.get('poNumber') ?? '';
  const nextWh = params.get('whId') ?? '';
  const visit = visitOf(useSearch());
  const canReceive = usePermission(permission('tReceipt', 'add'));
  const [pair, setPair] = useState<WarehouseClient>({ whId: params.get('whId') ?? '', clientCode: '' });
  const [poNumber, setPoNumber] = useState(params.get('poNumber') ?? '');
  const [typed, setTyped] = useState(params.get('poNumber') ?? '');
  const [doorId, setDoorId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [receiptId, setReceiptId] = useState('');
  const [po, setPo] = useState<PoView | null>(null);
  const [line, setLine] = useState<PoLineView | null>(null);
  const { whId } = pair;

  // The open and receiving POs of the pair, newest first (a PO can also be typed or scanned).
  const [openPos, setOpenPos] = useState<{ optionValue: string; optionDisplay: string }[]>([]);
  useEffect(() => {
    if (!whId) {
      setOpenPos([]);
      return;
    }
    let cancelled = false;
    void apiPost<{ optionValue: string; optionDisplay: string }[]>(
      '/tReceipt/getReceivablePo',
      { whId, ...(pair.clientCode ? { clientCode: pair.clientCode } : {}) },
      { silent: true },
    )
      .then((envelope) => {
        if (!cancelled) setOpenPos(envelope.code === SUCCESS ? envelope.data : []);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [whId, pair.clientCode]);

  const load = useCallback(async () => {
    if (!whId || !poNumber) {
      setPo(null);
      return;
    }
    const loaded = await fetchPo(whId, poNumber);
    setPo(loaded);
    // A PO opened from its number (the address, a scan) names its client: the pair shows it.
    if (loaded) setPair((current) => (current.clientCode ? current : { whId: current.whId, clientCode: loaded.clientCode }));
  }, [whId, poNumber]);
  // The PO is read again whenever the screen shows (a receipt list or the reconciliation may have changed it), and a
  // PO named in the address (from the PO list or the reconciliation) is opened.
  useEffect(() => {
    if (shown) void load();
  }, [load, shown]);
  // A new opening (another `t`) of the same PO opens it again, whatever was typed meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: visit stands for a repeated navigation
  useEffect(() => {
    if (!shown || !nextPo || !nextWh) return;
    setPair((current) => (current.whId === nextWh ? current : { whId: nextWh, clientCode: '' }));
    setTyped(nextPo);
    setPoNumber(nextPo);
  }, [shown, nextPo, nextWh, visit]);
  // A new PO is a new arrival.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the PO and warehouse are the triggers
  useEffect(() => setReceiptId(''), [poNumber, whId]);

  // The door's staging location is the receiving location until the user types another.
  useEffect(() => {
    if (!whId || !doorId) return;
    let cancelled = false;
    void loadOptions('getDockDoorStagingLoc', { whId, doorId }).then((options) => {
      if (!cancelled && options[0]) setLocationId(options[0].optionValue);
    });
    return () => {
      cancelled = true;
    };
  }, [whId, doorId]);

  const choosePo = (next: string) => {
    const value = next.trim();
    setTyped(value);
    setPoNumber(value);
  };

  const columns = useMemo<TableColumn<LineRow>[]>(
    () => [
      { field: 'lineNumber', headerKey: 'entity.tReceipt.field.lineNumber', minWidth: 70 },
      { field: 'itemNumber', headerKey: 'entity.tReceipt.field.itemNumber', minWidth: 130 },
      { field: 'itemDescription', headerKey: 'entity.common.field.itemDescription', minWidth: 180 },
      { field: 'orderUom', headerKey: 'entity.tReceipt.field.uom', minWidth: 70 },
      {
        field: 'lotNumber',
        headerKey: 'entity.tReceipt.field.lotNumber',
        minWidth: 110,
        format: (value, row) => String(value ?? (row.lotControl === 'Y' ? t('inbound.receiving.lotAny') : '')),
      },
      {
        field: 'attributeValues',
        headerKey: 'inbound.receiving.attributes',
        minWidth: 140,
        format: (_, row) =>
          row.storedAttributeId === null
            ? row.attributeTypes.some(Boolean)
              ? t('inbound.receiving.attributesTyped')
              : ''
            : row.attributeValues.filter(Boolean).join(' / '),
      },
      { field: 'ordered', headerKey: 'inbound.receiving.ordered', minWidth: 90 },
      { field: 'received', headerKey: 'inbound.receiving.received', minWidth: 90 },
      { field: 'damaged', headerKey: 'entity.tReceipt.field.qtyDamaged', minWidth: 90 },
      { field: 'remaining', headerKey: 'inbound.receiving.remaining', minWidth: 90 },
    ],
    [t],
  );

  const receivable = po !== null && (po.status === 'O' || po.status === 'R');
  const actions = useMemo<RowAction<LineRow>[]>(
    () => [
      {
        key: 'receive',
        labelKey: 'inbound.receiving.receive',
        allowed: canReceive && receivable,
        onClick: (row) => setLine(row),
      },
    ],
    [canReceive, receivable],
  );

  const target: ReceiptTarget | null = line
    ? {
        title: t('inbound.receiving.dialogTitle', { poNumber, lineNumber: line.lineNumber }),
        whId,
        itemNumber: line.itemNumber,
        itemDescription: line.itemDescription,
        uom: line.orderUom,
        lotControl: line.lotControl === 'Y',
        shelfLife: line.shelfLife,
        fixedLot: line.lotNumber,
        attributeTypes: line.storedAttributeId === null ? line.attributeTypes : [],
        initial: {
          qty: Number(line.remaining) > 0 ? line.remaining : '',
          locationId,
          ...(line.lotNumber ? { lotNumber: line.lotNumber } : {}),
        },
        receiving: true,
        serialFactor: line.serialControl === 'Y' ? Number(line.factor ?? '1') : null,
      }
    : null;

  const receive = async (values: Record<string, string | null>) => {
    if (!line) return false;
    const answer = await postReceipt<{ receiptId: string }>(
      '/globalOptions/addReceipt',
      { ...values, whId, poNumber, lineNumber: line.lineNumber, doorId: doorId || null, receiptId: receiptId || null },
      (data) => t('inbound.receiving.receivedToast', { receiptId: data.receiptId }),
    );
    if (!answer) return false;
    setReceiptId(answer.receiptId);
    await load();
    return true;
  };

  return (
    <div className="wharf-list-page inbound-desk" data-testid="receiving-page">
      <form
        className="wharf-filter-bar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          choosePo(typed);
        }}
      >
        <WarehouseClientSelect
          required
          value={pair}
          testId="receiving"
          onChange={(next) => {
            setPair(next);
            setDoorId('');
            setLocationId('');
          }}
        />
        <div className="wharf-filter">
          <SlSelect
            size="small"
            label={t('inbound.receiving.openPos')}
            value={openPos.some((p) => p.optionValue === poNumber) ? poNumber : ''}
            placeholder={t(whId ? 'inbound.receiving.choosePo' : 'kit.lookup.warehouseFirst')}
            style={fitTextStyle([t('inbound.receiving.choosePo'), t('kit.lookup.warehouseFirst')])}
            disabled={!whId}
            hoist
            data-testid="receiving-po-choice"
            onSlChange={(event) => choosePo((event.target as SlSelectElement).value as string)}
          >
            {openPos.map((p) => (
              <SlOption key={p.optionValue} value={p.optionValue}>
                {p.optionDisplay}
              </SlOption>
            ))}
          </SlSelect>
        </div>
        <div className="wharf-filter">
          <SlInput
            size="small"
            label={t('entity.tReceipt.field.poNumber')}
            value={typed}
            clearable
            autocomplete="off"
            placeholder={t('inbound.receiving.poPlaceholder')}
            style={fitTextStyle([t('inbound.receiving.poPlaceholder')])}
            data-testid="receiving-po"
            onSlInput={(event) => setTyped((event.target as SlInputElement).value)}
            onSlClear={() => choosePo('')}
          />
        </div>
        <div className="wharf-filter">
          <LookupSelect
            name="getDockDoor"
            params={{ whId, doorType: 'I' }}
            value={doorId}
            size="small"
            clearable
            label={t('entity.tReceipt.field.doorId')}
            testId="receiving-door"
            onChange={setDoorId}
          />
        </div>
        <div className="wharf-filter">
          <SlInput
            size="small"
            label={t('entity.tReceipt.field.locationId')}
            value={locationId}
            autocomplete="off"
            data-testid="receiving-location"
            onSlInput={(event) => setLocationId((event.target as SlInputElement).value.trim())}
          />
        </div>
        <div className="wharf-filter-bar__buttons">
          <SlButton size="small" variant="primary" data-testid="receiving-open" onClick={() => choosePo(typed)}>
            <SlIcon slot="prefix" name="search" />
            {t('inbound.receiving.open')}
          </SlButton>
        </div>
      </form>
      <div className="inventory-task-header inbound-desk__header" data-testid="receiving-header">
        <span className="inventory-task-header__title">
          {po
            ? `${po.poNumber} · ${po.vendorCode ?? ''} · ${t(`code.poStatus.${po.status}`)}`
            : t(whId ? 'inbound.receiving.choosePo' : 'inbound.receiving.chooseWarehouse')}
        </span>
        <span data-testid="receiving-receipt-id">
          {t('entity.tReceipt.field.receiptId')}: {receiptId || t('inbound.receiving.newArrival')}
        </span>
        <SlTooltip content={t('inbound.receiving.newArrivalHelp')}>
          <SlButton size="small" disabled={!receiptId} data-testid="receiving-new-arrival" onClick={() => setReceiptId('')}>
            <SlIcon slot="prefix" name="plus-square" />
            {t('inbound.receiving.startArrival')}
          </SlButton>
        </SlTooltip>
        <SlButton
          size="small"
          disabled={!po}
          data-testid="receiving-reconcile"
          onClick={() => setLocation(poUrl('/Wms/PoReconcile', { poNumber, whId }))}
        >
          <SlIcon slot="prefix" name="clipboard-check" />
          {t('inbound.reconcile.title')}
        </SlButton>
      </div>
      <DataTable<LineRow>
        height={TABLE_HEIGHT.list}
        tableId="receivingLines"
        columns={columns}
        rows={(po?.lines ?? []) as LineRow[]}
        total={po?.lines.length ?? 0}
        pageNum={1}
        pageSize={Math.max(po?.lines.length ?? 0, 1)}
        wholeList
        onPageChange={() => undefined}
        onRefresh={() => void load()}
        actions={actions}
        exportName={`${t('inbound.receiving.title')} ${poNumber}`}
      />
      <ReceiptDialog target={target} onClose={() => setLine(null)} onSubmit={receive} />
    </div>
  );
}
