/**
 * The inspection desk (menu Wms/Inspection): for a warehouse and client, the receipts awaiting inspection, their
 * sample lines (generateInspectionDetail), and recording a line's result — passed and failed quantities, the
 * unqualified (zone D) location failed units go to, and for a serial-controlled item their serials — after a
 * confirmation. Every rule is the server's.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OptionEntry } from '../../../shared/lookups';
import { permission } from '../../../shared/permissions';
import { splitSerials } from '../../../shared/serials';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { useT } from '../../kit/i18n';
import { loadOptions } from '../../kit/lookupOptions';
import { ModalDialog } from '../../kit/ModalDialog';
import { SerialListField, serialListRefusal, useSerialItem } from '../../kit/SerialListField';
import { usePermission } from '../../kit/session';
import { SlButton, SlInput, SlOption, SlSelect } from '../../kit/sl';
import { useScreenShown } from '../../kit/useScreenShown';
import type { WarehouseClient } from '../../kit/WarehouseClientSelect';
import { DeskFilterBar } from './DeskFilterBar';
import { type DeskColumn, type DeskRow, LocalTable } from './InspectionPutawayTable';
import './inspection.css';

const RECEIPT_COLUMNS: DeskColumn[] = [
  { field: 'receiptId', headerKey: 'inbound.inspection.field.receiptId', minWidth: 130 },
  { field: 'poNumber', headerKey: 'inbound.inspection.field.poNumber', minWidth: 120 },
  { field: 'lineNumber', headerKey: 'inbound.inspection.field.lineNumber', minWidth: 70 },
  { field: 'itemNumber', headerKey: 'inbound.inspection.field.itemNumber', minWidth: 130 },
  { field: 'itemDescription', headerKey: 'inbound.inspection.field.itemDescription', minWidth: 180 },
  { field: 'lotNumber', headerKey: 'inbound.inspection.field.lotNumber', minWidth: 100 },
  { field: 'huId', headerKey: 'inbound.inspection.field.huId', minWidth: 100 },
  { field: 'locationId', headerKey: 'inbound.inspection.field.locationId', minWidth: 120 },
  { field: 'goodQty', headerKey: 'inbound.inspection.field.goodQty', minWidth: 100 },
  { field: 'uom', headerKey: 'inbound.inspection.field.uom', minWidth: 70 },
  { field: 'sampleRate', headerKey: 'inbound.inspection.field.sampleRate', minWidth: 100 },
  { field: 'result', headerKey: 'inbound.inspection.field.result', codeList: 'inspectionResult', minWidth: 100 },
];

const LINE_COLUMNS: DeskColumn[] = [
  { field: 'receiptId', headerKey: 'inbound.inspection.field.receiptId', minWidth: 130 },
  { field: 'lineNumber', headerKey: 'inbound.inspection.field.lineNumber', minWidth: 70 },
  { field: 'itemNumber', headerKey: 'inbound.inspection.field.itemNumber', minWidth: 130 },
  { field: 'itemDescription', headerKey: 'inbound.inspection.field.itemDescription', minWidth: 180 },
  { field: 'lotNumber', headerKey: 'inbound.inspection.field.lotNumber', minWidth: 100 },
  { field: 'locationId', headerKey: 'inbound.inspection.field.locationId', minWidth: 120 },
  { field: 'qtyToInspect', headerKey: 'inbound.inspection.field.qtyToInspect', minWidth: 100 },
  { field: 'sampleQty', headerKey: 'inbound.inspection.field.sampleQty', minWidth: 100 },
  { field: 'result', headerKey: 'inbound.inspection.field.result', codeList: 'inspectionResult', minWidth: 100 },
  { field: 'qtyPassed', headerKey: 'inbound.inspection.field.qtyPassed', minWidth: 100 },
  { field: 'qtyFailed', headerKey: 'inbound.inspection.field.qtyFailed', minWidth: 100 },
  { field: 'failLocationId', headerKey: 'inbound.inspection.field.failLocationId', minWidth: 120 },
  { field: 'inspectBy', headerKey: 'inbound.inspection.field.inspectBy', minWidth: 100 },
  { field: 'remark', headerKey: 'inbound.inspection.field.remark', minWidth: 140 },
];

interface ResultForm {
  qtyPassed: string;
  qtyFailed: string;
  failLocationId: string;
  remark: string;
  /** A serial-controlled item: the serials of the failed units (none when the whole row fails). */
  serialNumbers: string;
}

const EMPTY_FORM: ResultForm = { qtyPassed: '', qtyFailed: '0', failLocationId: '', remark: '', serialNumbers: '' };

/** Active locations of the warehouse's unqualified (type D) zones: where failed units may go. */
async function failLocations(whId: string): Promise<OptionEntry[]> {
  const zones = await loadOptions('getZone', { whId, zoneType: 'D' });
  const lists = await Promise.all(zones.map((z) => loadOptions('getLocation', { whId, zone: z.optionValue })));
  return lists.flat();
}

export function InspectionPage() {
  const t = useT();
  const confirm = useConfirm();
  const canEdit = usePermission(permission('tReceipt', 'edit'));
  // Kept alive across tabs: the lists are read again whenever the screen shows (new receipts meanwhile).
  const shown = useScreenShown('Wms/Inspection');
  const [pair, setPair] = useState<WarehouseClient>({ whId: '', clientCode: '' });
  const [receipts, setReceipts] = useState<DeskRow[]>([]);
  const [lines, setLines] = useState<DeskRow[]>([]);
  const [result, setResult] = useState('N');
  const [loading, setLoading] = useState(false);
  const [recording, setRecording] = useState<DeskRow | null>(null);
  const [form, setForm] = useState<ResultForm>(EMPTY_FORM);
  const serialItem = useSerialItem(String(recording?.whId ?? ''), String(recording?.itemNumber ?? ''));
  const failedUnits = Number(form.qtyFailed.trim());
  // The failed units' serials: asked for a serial item when some fail (none typed: the server says if it needs them).
  const asksSerials = serialItem && failedUnits > 0;
  const [places, setPlaces] = useState<OptionEntry[]>([]);

  const load = useCallback(async () => {
    if (!pair.whId) return;
    setLoading(true);
    try {
      const body = { whId: pair.whId, ...(pair.clientCode ? { clientCode: pair.clientCode } : {}) };
      const [waiting, detail] = await Promise.all([
        apiPost<DeskRow[]>('/tReceipt/getAwaitingInspection', body),
        apiPost<DeskRow[]>('/tReceipt/getInspectionDetail', { ...body, result }),
      ]);
      setReceipts(waiting.data ?? []);
      setLines(detail.data ?? []);
    } finally {
      setLoading(false);
    }
  }, [pair, result]);

  useEffect(() => {
    if (shown) void load().catch(() => undefined);
  }, [load, shown]);

  const generate = useCallback(
    async (row: DeskRow) => {
      const envelope = await apiPost<DeskRow[]>('/tReceipt/generateInspectionDetail', {
        whId: row.whId,
        receiptId: row.receiptId,
      });
      if (envelope.code !== SUCCESS) return;
      toast(
        'success',
        t('inbound.inspection.generated', { count: envelope.data?.length ?? 0, receiptId: String(row.receiptId) }),
      );
      setResult('N');
      await load();
    },
    [load, t],
  );

  const openRecord = useCallback(async (row: DeskRow) => {
    setForm({ ...EMPTY_FORM, qtyPassed: String(row.qtyToInspect ?? '') });
    setRecording(row);
    setPlaces(await failLocations(String(row.whId)));
  }, []);

  const submit = async () => {
    if (!recording) return;
    if (asksSerials && form.serialNumbers.trim() !== '') {
      const refusal = serialListRefusal(String(recording.itemNumber ?? ''), form.serialNumbers, failedUnits);
      if (refusal) {
        toast('error', t(refusal.key, refusal.params));
        return;
      }
    }
    const values = { receiptId: String(recording.receiptId), passed: form.qtyPassed, failed: form.qtyFailed };
    if (!(await confirm('inbound.inspection.confirm', { values }))) return;
    const envelope = await apiPost<DeskRow>('/tReceipt/recordInspection', {
      id: recording.id,
      qtyPassed: form.qtyPassed,
      qtyFailed: form.qtyFailed,
      failLocationId: form.failLocationId || null,
      remark: form.remark || null,
      ...(asksSerials && form.serialNumbers.trim() !== '' ? { serialNumbers: splitSerials(form.serialNumbers) } : {}),
    });
    if (envelope.code !== SUCCESS) return;
    toast('success', t('kit.toast.success'));
    setRecording(null);
    await load();
  };

  const receiptActions = useMemo<RowAction<DeskRow>[]>(
    () => [
      {
        key: 'generate',
        labelKey: 'inbound.inspection.action.generate',
        allowed: canEdit,
        disabledFor: (row) => row.inspectionId !== null && row.inspectionId !== undefined,
        onClick: (row) => void generate(row).catch(() => undefined),
      },
    ],
    [canEdit, generate],
  );
  const lineActions = useMemo<RowAction<DeskRow>[]>(
    () => [
      {
        key: 'record',
        labelKey: 'inbound.inspection.action.record',
        allowed: canEdit,
        disabledFor: (row) => row.result !== 'N',
        onClick: (row) => void openRecord(row).catch(() => undefined),
      },
    ],
    [canEdit, openRecord],
  );

  const field = (name: keyof ResultForm) => (event: Event) =>
    setForm((f) => ({ ...f, [name]: (event.target as SlInputElement).value }));

  return (
    <div className="wharf-list-page inbound-desk" data-testid="inspection-page">
      <DeskFilterBar pair={pair} onPair={setPair} onSearch={() => void load().catch(() => undefined)} />
      <LocalTable
        title={t('inbound.inspection.awaiting')}
        tableId="inspection-receipts"
        columns={RECEIPT_COLUMNS}
        rows={receipts}
        loading={loading}
        height={260}
        actions={receiptActions}
        onRefresh={() => void load().catch(() => undefined)}
      />
      <LocalTable
        title={t('inbound.inspection.lines')}
        tableId="inspection-lines"
        columns={LINE_COLUMNS}
        rows={lines}
        loading={loading}
        height={300}
        actions={lineActions}
        onRefresh={() => void load().catch(() => undefined)}
        toolbar={
          <SlSelect
            size="small"
            value={result}
            placeholder={t('kit.filter.any')}
            clearable
            hoist
            data-testid="result-filter"
            onSlChange={(event) => setResult((event.target as SlSelectElement).value as string)}
          >
            {['N', 'P', 'F'].map((code) => (
              <SlOption key={code} value={code}>
                {t(`code.inspectionResult.${code}`)}
              </SlOption>
            ))}
          </SlSelect>
        }
      />
      <ModalDialog
        open={recording !== null}
        label={t('inbound.inspection.recordTitle', {
          receiptId: String(recording?.receiptId ?? ''),
          lineNumber: Number(recording?.lineNumber ?? 0),
        })}
        data-testid="record-dialog"
        onClose={() => setRecording(null)}
      >
        <p className="inbound-desk__summary">
          {t('inbound.inspection.recordSummary', {
            item: `${String(recording?.itemNumber ?? '')} ${String(recording?.itemDescription ?? '')}`,
            qty: String(recording?.qtyToInspect ?? ''),
            sample: String(recording?.sampleQty ?? ''),
            uom: String(recording?.uom ?? ''),
          })}
        </p>
        <div className="inbound-desk__form">
          <SlInput
            label={t('inbound.inspection.field.qtyPassed')}
            value={form.qtyPassed}
            inputmode="decimal"
            data-testid="qty-passed"
            onSlInput={field('qtyPassed')}
          />
          <SlInput
            label={t('inbound.inspection.field.qtyFailed')}
            value={form.qtyFailed}
            inputmode="decimal"
            data-testid="qty-failed"
            onSlInput={field('qtyFailed')}
          />
          <SlSelect
            label={t('inbound.inspection.field.failLocationId')}
            value={form.failLocationId}
            help-text={t('inbound.inspection.failLocationHelp')}
            clearable
            hoist
            data-testid="fail-location"
            onSlChange={(event) => setForm((f) => ({ ...f, failLocationId: (event.target as SlSelectElement).value as string }))}
          >
            {places.map((p) => (
              <SlOption key={p.optionValue} value={p.optionValue}>
                {p.optionDisplay}
              </SlOption>
            ))}
          </SlSelect>
          <SlInput
            label={t('inbound.inspection.field.remark')}
            value={form.remark}
            maxlength={200}
            data-testid="remark"
            onSlInput={field('remark')}
          />
          {asksSerials ? (
            <SerialListField
              value={form.serialNumbers}
              needed={failedUnits}
              testId="failed-serials"
              onChange={(serialNumbers) => setForm((f) => ({ ...f, serialNumbers }))}
            />
          ) : null}
        </div>
        <SlButton slot="footer" onClick={() => setRecording(null)}>
          {t('kit.action.cancel')}
        </SlButton>
        <SlButton
          slot="footer"
          variant="primary"
          data-testid="record-submit"
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('kit.action.submit')}
        </SlButton>
      </ModalDialog>
    </div>
  );
}
