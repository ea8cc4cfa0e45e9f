/**
 * Unattached proofs of delivery (issue 25 item 2): the signed hand-overs no delivery could take (the station's confirm was
 * refused), kept at the server. The Deliveries toolbar's button says how many wait in the user's warehouses and opens the
 * list (one warehouse, one status: waiting, attached, discarded); per waiting row: view the signature, attach it to a
 * shipped delivery without a proof (it becomes that delivery's proof of delivery), or discard it with a reason.
 * Calls `findUnattachedPods` (shipping view), `attachPod` and `discardPod` (shipping edit); the server enforces both.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type AttachPodRequest,
  type DiscardPodRequest,
  UNATTACHED_POD_STATUSES,
  type UnattachedPod,
  type UnattachedPodStatus,
} from '../../../shared/kiosk';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { DataTable, type RowAction, type TableColumn } from '../../kit/DataTable';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { session, usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlInput, SlOption, SlSelect } from '../../kit/sl';
import { formatDateTime } from '../../kit/tableState';
import { useDialogPost } from '../../kit/useDialogPost';
import { loadWarehouses, WarehouseSelect } from '../../kit/WarehouseSelect';
import { SHIP_PERMISSION } from './shippingApi';
import './shipping.css';

/** The discard reason's limit (the server's: 200 characters). */
const REASON_MAX = 200;
/** The server answers at most this many proofs at once (the oldest). */
const LIST_LIMIT = 200;
/** Shipped deliveries offered as attach targets (the latest of the proof's carrier). */
const CANDIDATES = 50;

const findPods = async (whId: string, status: UnattachedPodStatus, silent = false): Promise<UnattachedPod[]> => {
  const envelope = await apiPost<UnattachedPod[]>('/tblShippingLabel/findUnattachedPods', { whId, status }, { silent });
  return envelope.code === SUCCESS && Array.isArray(envelope.data) ? envelope.data : [];
};

/** The proofs waiting in each of the user's warehouses (a warehouse that answers nothing counts 0). */
async function waitingByWarehouse(userName: string): Promise<Map<string, number>> {
  const warehouses = await loadWarehouses(userName);
  const counts = await Promise.all(
    warehouses.map(async (w) => [w.optionValue, (await findPods(w.optionValue, 'U', true).catch(() => [])).length] as const),
  );
  return new Map(counts);
}

/** The Deliveries toolbar's button: "Unattached proofs (n)", opening the list. Needs the shipping view permission. */
export function UnattachedPodsButton({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const { user } = useSnapshot(session);
  const canView = usePermission(SHIP_PERMISSION.view);
  const [counts, setCounts] = useState<Map<string, number>>(new Map());
  const [open, setOpen] = useState(false);
  const recount = useCallback(() => {
    if (!user || !canView) return;
    void waitingByWarehouse(user).then(setCounts, () => undefined);
  }, [user, canView]);
  useEffect(recount, [recount]);
  if (!canView) return null;
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  // Opens on the first warehouse with proofs waiting.
  const first = [...counts.entries()].find(([, n]) => n > 0)?.[0] ?? [...counts.keys()][0] ?? '';
  return (
    <>
      <SlButton
        size="small"
        variant={total > 0 ? 'warning' : 'default'}
        outline={total === 0}
        data-testid="unattached-open"
        data-count={total}
        onClick={() => setOpen(true)}
      >
        <SlIcon slot="prefix" name="pen" />
        {t('ship.unattached.button', { count: total })}
      </SlButton>
      {open ? (
        <UnattachedPodsDialog
          initialWhId={first}
          onChanged={() => {
            recount();
            onChanged();
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

type PodRow = UnattachedPod & EntityRow;

/** Attached or discarded already: nothing more to do with it. */
const resolved = (row: PodRow): boolean => row.status !== 'U';

function UnattachedPodsDialog({
  initialWhId,
  onChanged,
  onClose,
}: {
  initialWhId: string;
  onChanged: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const canEdit = usePermission(SHIP_PERMISSION.edit);
  const [whId, setWhId] = useState(initialWhId);
  const [status, setStatus] = useState<UnattachedPodStatus>('U');
  const [rows, setRows] = useState<PodRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [signature, setSignature] = useState<UnattachedPod | null>(null);
  const [attaching, setAttaching] = useState<UnattachedPod | null>(null);
  const [discarding, setDiscarding] = useState<UnattachedPod | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey reloads the list after an action.
  useEffect(() => {
    setRows([]);
    if (!whId) return;
    let cancelled = false;
    setLoading(true);
    findPods(whId, status)
      .then((list) => {
        if (!cancelled) setRows(list as PodRow[]);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [whId, status, reloadKey]);

  const done = () => {
    setReloadKey((k) => k + 1);
    onChanged();
  };

  const columns = useMemo<TableColumn<PodRow>[]>(
    () => [
      { field: 'deliveryNumber', headerKey: 'ship.unattached.deliveryNumber', minWidth: 130 },
      { field: 'driverName', headerKey: 'ship.unattached.driverName', minWidth: 90 },
      { field: 'reason', headerKey: 'ship.unattached.reason', minWidth: 220 },
      {
        field: 'status',
        headerKey: 'ship.unattached.status',
        minWidth: 80,
        format: (value) => t(`code.unattachedPodStatus.${String(value)}`),
      },
      { field: 'receivedAt', headerKey: 'ship.unattached.receivedAt', minWidth: 150, format: formatDateTime },
      { field: 'stationName', headerKey: 'ship.unattached.station', minWidth: 100 },
      { field: 'userName', headerKey: 'ship.unattached.worker', minWidth: 80 },
      { field: 'whId', headerKey: 'entity.tDelivery.field.whId', minWidth: 70 },
      { field: 'vehiclePlate', headerKey: 'ship.unattached.vehiclePlate', minWidth: 100 },
      { field: 'carrierCode', headerKey: 'ship.unattached.carrier', minWidth: 80 },
      { field: 'resolvedBy', headerKey: 'ship.unattached.resolvedBy', minWidth: 90, hidden: status === 'U' },
      {
        field: 'resolvedAt',
        headerKey: 'ship.unattached.resolvedAt',
        minWidth: 150,
        format: formatDateTime,
        hidden: status === 'U',
      },
      { field: 'discardReason', headerKey: 'pod.unattached.discardReason', minWidth: 160, hidden: status !== 'D' },
    ],
    [t, status],
  );

  const actions = useMemo<RowAction<PodRow>[]>(
    () => [
      { key: 'pod-signature', labelKey: 'ship.unattached.viewSignature', allowed: true, onClick: setSignature },
      { key: 'pod-attach', labelKey: 'ship.unattached.attach', allowed: canEdit, disabledFor: resolved, onClick: setAttaching },
      {
        key: 'pod-discard',
        labelKey: 'ship.unattached.discard',
        allowed: canEdit,
        danger: true,
        disabledFor: resolved,
        onClick: setDiscarding,
      },
    ],
    [canEdit],
  );

  // The row dialogs open beside the list's (Shoelace stacks them), not inside it.
  return (
    <>
      <ModalDialog
        label={t('ship.unattached.title')}
        open
        onClose={onClose}
        className="ship-unattached-dialog"
        data-testid="unattached-dialog"
      >
        <p className="ship-unattached-hint">{t('ship.unattached.hint')}</p>
        <div className="ship-unattached-filters">
          <WarehouseSelect value={whId} onChange={setWhId} size="small" testId="unattached-wh" />
          <SlSelect
            size="small"
            value={status}
            hoist
            data-testid="unattached-status"
            onSlChange={(event) => setStatus((event.target as SlSelectElement).value as UnattachedPodStatus)}
          >
            {UNATTACHED_POD_STATUSES.map((s) => (
              <SlOption key={s} value={s}>
                {t(`code.unattachedPodStatus.${s}`)}
              </SlOption>
            ))}
          </SlSelect>
        </div>
        <div data-entity="podUnattached" data-loaded={loading ? 'false' : 'true'}>
          <DataTable<PodRow>
            tableId="podUnattached"
            columns={columns}
            rows={rows}
            total={rows.length}
            pageNum={1}
            pageSize={LIST_LIMIT}
            loading={loading}
            onPageChange={() => undefined}
            onRefresh={() => setReloadKey((k) => k + 1)}
            actions={actions}
            height={360}
            exportName={t('ship.unattached.title')}
            emptyText={whId ? undefined : t('kit.table.chooseWarehouse')}
          />
        </div>
        <SlButton slot="footer" variant="primary" data-testid="unattached-close" onClick={onClose}>
          {t('kit.pdf.close')}
        </SlButton>
      </ModalDialog>
      <SignatureDialog pod={signature} onClose={() => setSignature(null)} />
      <AttachDialog pod={attaching} onClose={() => setAttaching(null)} onDone={done} />
      <DiscardDialog key={discarding?.id ?? 0} pod={discarding} onClose={() => setDiscarding(null)} onDone={done} />
    </>
  );
}

/** Who signed what: the driver's signature as the station captured it, with the hand-over's facts. */
function SignatureDialog({ pod, onClose }: { pod: UnattachedPod | null; onClose: () => void }) {
  const t = useT();
  if (!pod) return null;
  return (
    <ModalDialog
      label={t('ship.unattached.signatureTitle', { deliveryNumber: pod.deliveryNumber })}
      open
      onClose={onClose}
      data-testid="unattached-signature"
    >
      <PodFacts pod={pod} />
      <img
        className="ship-unattached-signature"
        src={`data:image/png;base64,${pod.signaturePng}`}
        alt={t('ship.unattached.signatureAlt', { driver: pod.driverName })}
        data-testid="unattached-signature-image"
      />
      <SlButton slot="footer" variant="primary" data-testid="unattached-signature-close" onClick={onClose}>
        {t('kit.pdf.close')}
      </SlButton>
    </ModalDialog>
  );
}

/** The hand-over's facts at the top of each row dialog. */
function PodFacts({ pod }: { pod: UnattachedPod }) {
  const t = useT();
  return (
    <dl className="ship-unattached-facts">
      <dt>{t('ship.unattached.deliveryNumber')}</dt>
      <dd>{pod.deliveryNumber}</dd>
      <dt>{t('ship.unattached.driverName')}</dt>
      <dd>
        {pod.driverName} {pod.vehiclePlate}
      </dd>
      <dt>{t('ship.unattached.station')}</dt>
      <dd>
        {pod.stationName} · {pod.userName} · {formatDateTime(pod.receivedAt)}
      </dd>
      <dt>{t('ship.unattached.cartons')}</dt>
      <dd>{pod.cartons.join(', ')}</dd>
      <dt>{t('ship.unattached.reason')}</dt>
      <dd>{pod.reason}</dd>
    </dl>
  );
}

interface RowDialogProps {
  pod: UnattachedPod | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Attach: a typed delivery number (the one the station named to start with), or one of the shipped deliveries of the
 * proof's carrier that have no proof yet. The server checks it (shipped, no proof, the user may change it).
 */
function AttachDialog({ pod, onClose, onDone }: RowDialogProps) {
  const t = useT();
  const [deliveryNumber, setDeliveryNumber] = useState('');
  const [candidates, setCandidates] = useState<string[]>([]);
  const { busy, post } = useDialogPost();

  useEffect(() => {
    setDeliveryNumber(pod?.deliveryNumber ?? '');
    setCandidates([]);
    if (!pod) return;
    let cancelled = false;
    void apiPost<PageResult<EntityRow>>(
      '/tDelivery/findPage',
      {
        pageNum: 1,
        pageSize: CANDIDATES,
        columnFilters: { whId: pod.whId, status: 'S', carrierId: { value: pod.carrierCode, exact: true } },
      },
      { silent: true },
    )
      .then((envelope) => {
        if (cancelled || envelope.code !== SUCCESS || !envelope.data) return;
        const open = envelope.data.content.filter((row) => row.podId === null || row.podId === undefined);
        setCandidates(open.map((row) => String(row.deliveryNumber)));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pod]);

  if (!pod) return null;
  const number = deliveryNumber.trim();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!number) return;
    const body: AttachPodRequest = { id: pod.id, deliveryNumber: number };
    await post<number>('/tblShippingLabel/attachPod', body, () => {
      toast('success', t('ship.unattached.attached', { deliveryNumber: number }));
      onDone();
      onClose();
    });
  };

  return (
    <ModalDialog label={t('ship.unattached.attachTitle')} open onClose={onClose} data-testid="unattached-attach-dialog">
      <form className="ship-form" noValidate onSubmit={(event) => void submit(event)}>
        <PodFacts pod={pod} />
        <SlInput
          label={t('ship.unattached.attachTo')}
          helpText={t('ship.unattached.attachHelp')}
          value={deliveryNumber}
          maxlength={30}
          required
          autocomplete="off"
          data-testid="unattached-attach-number"
          onSlInput={(event) => setDeliveryNumber((event.target as SlInputElement).value)}
        />
        {candidates.length > 0 ? (
          <div className="ship-unattached-candidates" data-testid="unattached-candidates">
            <span>{t('ship.unattached.candidates', { carrier: pod.carrierCode })}</span>
            {candidates.map((c) => (
              <SlButton
                key={c}
                size="small"
                pill
                variant={c === number ? 'primary' : 'default'}
                data-testid={`unattached-candidate-${c}`}
                onClick={() => setDeliveryNumber(c)}
              >
                {c}
              </SlButton>
            ))}
          </div>
        ) : null}
        <button type="submit" hidden />
      </form>
      <DialogFooter
        cancelTestId="unattached-attach-cancel"
        onCancel={onClose}
        submitLabel="ship.unattached.attach"
        submitTestId="unattached-attach-submit"
        submitDisabled={!number}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}

/** Discard: set aside with a reason (required, at most 200 characters); kept in the list as discarded. */
function DiscardDialog({ pod, onClose, onDone }: RowDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const { busy, post } = useDialogPost();
  if (!pod) return null;
  const text = reason.trim();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text) return;
    const body: DiscardPodRequest = { id: pod.id, reason: text };
    await post<number>('/tblShippingLabel/discardPod', body, () => {
      toast('success', t('ship.unattached.discarded', { deliveryNumber: pod.deliveryNumber }));
      onDone();
      onClose();
    });
  };
  return (
    <ModalDialog label={t('ship.unattached.discardTitle')} open onClose={onClose} data-testid="unattached-discard-dialog">
      <form className="ship-form" noValidate onSubmit={(event) => void submit(event)}>
        <PodFacts pod={pod} />
        <SlInput
          label={t('pod.unattached.discardReason')}
          value={reason}
          maxlength={REASON_MAX}
          required
          autocomplete="off"
          data-testid="unattached-discard-reason"
          onSlInput={(event) => setReason((event.target as SlInputElement).value)}
        />
        <button type="submit" hidden />
      </form>
      <DialogFooter
        cancelTestId="unattached-discard-cancel"
        onCancel={onClose}
        submitLabel="ship.unattached.discard"
        submitTestId="unattached-discard-submit"
        submitVariant="warning"
        submitDisabled={!text}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
