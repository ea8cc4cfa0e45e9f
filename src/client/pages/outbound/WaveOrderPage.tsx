/**
 * Wave order selection (Wms/TAfaViewWaveOrder?whId&waveId&userName; spec 001 §2.7): the user's working set of the
 * wave, filled by a wave-load profile. Toolbar: add selected (one click: the ticked rows are selected and added), add
 * order (the spec's dialog, titled, listing the orders it adds — the selected ones and the ticked ones — or asking to
 * select some first, its name field labelled, optional and prefilled with the wave), remove order (a confirmation
 * naming the orders), view wave detail, batch select and unselect; row actions select, unselect and show detail (the
 * order's lines). The spec's calls stay as they are: `handleSelect` marks the ticked rows, then `addOrder` or
 * `removeOrder` acts on every selected row of the working set. Permissions as spec 001 §6: add for add order, delete for
 * remove order and unselect, view for view detail, edit for select. The header offers Release once orders are in.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tAfaViewWaveOrder } from '../../../shared/entities/tAfaViewWaveOrder';
import { permission } from '../../../shared/permissions';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { screenUrl } from '../../kit/screenUrl';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlInput } from '../../kit/sl';
import { useWaveQuery } from './useWaveQuery';
import { WaveHeader } from './WaveHeader';
import { type OutResult, reportOutcome } from './WaveLoadDialog';
import { useFirstFieldFocus } from './waveDefaults';
import { WAVE_URLS } from './wavesScreens';
import './waves.css';

const KEYS = ['whId', 'waveId', 'userName'] as const;
/** Opened without its query values, the screen lists nothing rather than every row. */
const REQUIRED = KEYS;
/** A run loads at most 500 orders (outbound README): one page holds every selected row of a working set. */
const WORKING_SET_MAX = 500;

/** Already in the wave (added from this working set). */
const added = (row: EntityRow): boolean => row.addWaveStatus === 'W';

/** What add or remove order acts on: the orders, and the ticked rows still to be marked selected first. */
interface Choice {
  orderNumbers: string[];
  toMark: number[];
}

interface AddOrderDialogProps {
  /** The orders the dialog adds; null: closed. */
  choice: Choice | null;
  waveId: string;
  onClose: () => void;
  onConfirm: (choice: Choice) => void;
}

/**
 * The spec's add dialog, made to explain itself (issue 27 item 2): a title, the orders it adds (or "select orders
 * first"), and its one field labelled, optional and prefilled with the wave — no call carries it (spec 001 §2.7).
 */
function AddOrderDialog({ choice, waveId, onClose, onConfirm }: AddOrderDialogProps) {
  const t = useT();
  const [name, setName] = useState(waveId);
  const firstField = useFirstFieldFocus(choice !== null);
  if (!choice) return null;
  const none = choice.orderNumbers.length === 0;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (none) return;
    onConfirm(choice);
  };
  return (
    <ModalDialog
      open
      label={t('wave.orders.addTitle', { waveId })}
      onClose={onClose}
      className="wave-dialog"
      data-testid="add-order-dialog"
    >
      <form ref={firstField} className="wave-form" noValidate onSubmit={submit}>
        {none ? (
          <p className="wave-orders__none" data-testid="add-order-none">
            {t('wave.orders.selectFirst')}
          </p>
        ) : (
          <div data-testid="add-order-list">
            <p className="wave-orders__lead">{t('wave.orders.toAdd', { count: String(choice.orderNumbers.length) })}</p>
            <ul className="wave-orders__list">
              {choice.orderNumbers.map((number) => (
                <li key={number}>{number}</li>
              ))}
            </ul>
          </div>
        )}
        <SlInput
          label={t('wave.orders.name')}
          value={name}
          maxlength={60}
          helpText={t('wave.orders.nameHint')}
          data-testid="add-order-name"
          onSlInput={(event) => setName((event.target as SlInputElement).value)}
        />
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="add-order-cancel" onClick={onClose}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" disabled={none} data-testid="add-order-submit" onClick={() => submit()}>
        {t('wave.orders.addSubmit')}
      </SlButton>
    </ModalDialog>
  );
}

export function WaveOrderPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const confirm = useConfirm();
  const { whId, waveId, userName } = useWaveQuery(WAVE_URLS.orders, KEYS);
  const [reloadKey, setReloadKey] = useState(0);
  const [adding, setAdding] = useState<Choice | null>(null);
  const canAdd = usePermission(permission('tWaveMaster', 'add'));
  const canEdit = usePermission(permission('tWaveMaster', 'edit'));
  const canDelete = usePermission(permission('tWaveMaster', 'delete'));
  const canView = usePermission(permission('tWaveMaster', 'view'));
  const reload = () => setReloadKey((k) => k + 1);

  const mark = useCallback(async (rows: readonly EntityRow[], call: 'handleSelect' | 'handleUnselect') => {
    if (rows.length === 0) return;
    const envelope = await apiPost<number>(
      `/tAfaViewWaveOrder/${call}`,
      rows.map((r) => r.id),
    );
    if (envelope.code !== SUCCESS) return;
    setReloadKey((k) => k + 1);
  }, []);

  /**
   * What add or remove order would act on: every selected row of the working set (on any page) and the ticked rows
   * (for add, those not in the wave yet), by order number.
   */
  const choose = useCallback(
    async (ticked: readonly EntityRow[], call: 'addOrder' | 'removeOrder'): Promise<Choice> => {
      const envelope = await apiPost<PageResult<EntityRow>>('/tAfaViewWaveOrder/findPage', {
        pageNum: 1,
        pageSize: WORKING_SET_MAX,
        columnFilters: { whId, waveId, userName, selected: 'Y' },
      });
      const marked = envelope.code === SUCCESS ? (envelope.data?.content ?? []) : [];
      const fresh = ticked.filter((r) => r.selected !== 'Y' && (call === 'removeOrder' ? added(r) : !added(r)));
      const numbers = new Set([...marked, ...fresh].map((r) => String(r.orderNumber)));
      return { orderNumbers: [...numbers].sort(), toMark: fresh.map((r) => Number(r.id)) };
    },
    [whId, waveId, userName],
  );

  /** Marks the ticked rows, then `addOrder` / `removeOrder` (spec 001 §7), and says what happened. */
  const waveCall = useCallback(
    async (call: 'addOrder' | 'removeOrder', choice: Choice) => {
      if (choice.toMark.length > 0) {
        const marked = await apiPost<number>('/tAfaViewWaveOrder/handleSelect', choice.toMark);
        if (marked.code !== SUCCESS) return;
      }
      const envelope = await apiPost<OutResult[]>(`/tAfaViewWaveOrder/${call}`, { whId, waveId, userName });
      setReloadKey((k) => k + 1);
      if (envelope.code !== SUCCESS) return;
      reportOutcome(t, envelope.data);
    },
    [t, whId, waveId, userName],
  );

  const addSelected = useCallback(
    async (ticked: readonly EntityRow[]) => waveCall('addOrder', await choose(ticked, 'addOrder')),
    [choose, waveCall],
  );

  const remove = useCallback(
    async (ticked: readonly EntityRow[]) => {
      const choice = await choose(ticked, 'removeOrder');
      if (choice.orderNumbers.length === 0) {
        toast('warning', t('wave.orders.selectFirst'));
        return;
      }
      // Taking orders out of the wave asks first, naming them (spec 001 §8: delete always asks).
      const values = { orderNumbers: choice.orderNumbers.join(', '), waveId };
      if (!(await confirm('wave.orders.confirmRemove', { danger: true, values }))) return;
      await waveCall('removeOrder', choice);
    },
    [choose, confirm, t, waveCall, waveId],
  );

  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'select',
        labelKey: 'wave.orders.select',
        allowed: canEdit,
        disabledFor: (row) => row.selected === 'Y',
        onClick: (row) => void mark([row], 'handleSelect').catch(() => undefined),
      },
      {
        key: 'unselect',
        labelKey: 'wave.orders.unselect',
        allowed: canDelete,
        disabledFor: (row) => row.selected !== 'Y',
        onClick: (row) => void mark([row], 'handleUnselect').catch(() => undefined),
      },
      {
        key: 'lines',
        labelKey: 'wave.orders.lines',
        allowed: canView,
        onClick: (row) =>
          setLocation(
            screenUrl(WAVE_URLS.orderLines, {
              userId: row.userId,
              viewId: row.viewId,
              whId: row.whId,
              waveId: row.waveId,
              orderNumber: row.orderNumber,
            }),
          ),
      },
    ],
    [canEdit, canDelete, canView, mark, setLocation],
  );

  const fixedFilters = useMemo(() => ({ whId, waveId, userName }), [whId, waveId, userName]);

  return (
    <>
      <EntityListPage
        key={`${whId}/${waveId}/${userName}`}
        entity={tAfaViewWaveOrder}
        fixedFilters={fixedFilters}
        requiredFilters={REQUIRED}
        listUrl={WAVE_URLS.list}
        pageSize={8}
        reloadKey={reloadKey}
        rowActions={rowActions}
        header={
          <WaveHeader
            whId={whId}
            waveId={waveId}
            back={{ url: WAVE_URLS.list, labelKey: 'wave.back.list' }}
            reloadKey={reloadKey}
            extra={<span className="wave-header__user">{t('wave.orders.user', { userName })}</span>}
            releasable
            onReleased={reload}
          />
        }
        toolbarExtra={(selected) => (
          <>
            <SlButton
              size="small"
              variant="primary"
              disabled={!canAdd || !canEdit || !selected.some((r) => !added(r))}
              data-testid="add-selected"
              onClick={() => void addSelected(selected).catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="box-arrow-in-right" />
              {t('wave.orders.addSelected')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canAdd}
              data-testid="add-order"
              onClick={() =>
                void choose(selected, 'addOrder')
                  .then(setAdding)
                  .catch(() => undefined)
              }
            >
              <SlIcon slot="prefix" name="list-check" />
              {t('wave.orders.addOrder')}
            </SlButton>
            <SlButton
              size="small"
              variant="danger"
              outline
              disabled={!canDelete}
              data-testid="remove-order"
              onClick={() => void remove(selected).catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="box-arrow-left" />
              {t('wave.orders.removeOrder')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canView}
              data-testid="view-detail"
              onClick={() => setLocation(screenUrl(WAVE_URLS.detail, { whId, waveId }))}
            >
              <SlIcon slot="prefix" name="list-ul" />
              {t('wave.orders.viewDetail')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canEdit || selected.length === 0}
              data-testid="batch-select"
              onClick={() => void mark(selected, 'handleSelect').catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="check2-square" />
              {t('wave.orders.batchSelect')}
            </SlButton>
            <SlButton
              size="small"
              disabled={!canDelete || selected.length === 0}
              data-testid="batch-unselect"
              onClick={() => void mark(selected, 'handleUnselect').catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="square" />
              {t('wave.orders.batchUnselect')}
            </SlButton>
          </>
        )}
      />
      {adding ? (
        <AddOrderDialog
          choice={adding}
          waveId={waveId}
          onClose={() => setAdding(null)}
          onConfirm={(choice) => {
            setAdding(null);
            void waveCall('addOrder', choice).catch(() => undefined);
          }}
        />
      ) : null}
    </>
  );
}
