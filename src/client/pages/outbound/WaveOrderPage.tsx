/**
 * Wave order selection (Wms/TAfaViewWaveOrder?whId&waveId&userName; spec 001 §2.7): the user's working set of the
 * wave, filled by a wave-load profile. Toolbar: add order (the spec's dialog with its single required name field,
 * then `addOrder`), remove order, view wave detail, batch select and unselect; row actions select, unselect and show
 * detail (the order's lines). Permissions as spec §6: add for add order, delete for remove order and unselect, view
 * for view detail, edit for select.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { tAfaViewWaveOrder } from '../../../shared/entities/tAfaViewWaveOrder';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
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
import { WAVE_URLS } from './wavesScreens';
import './waves.css';

const KEYS = ['whId', 'waveId', 'userName'] as const;
/** Opened without its query values, the screen lists nothing rather than every row. */
const REQUIRED = KEYS;

/** The spec's add dialog: no visible label, one required field (please enter a name) that no call carries. */
function AddOrderDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(false);
  if (!open) return null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) {
      setProblem(true);
      return;
    }
    setName('');
    onConfirm();
  };
  return (
    <ModalDialog open onClose={onClose} className="wave-dialog" data-testid="add-order-dialog" noHeader>
      <form noValidate onSubmit={submit}>
        <SlInput
          value={name}
          maxlength={60}
          aria-label={t('wave.orders.name')}
          helpText={problem ? t('wave.orders.nameRequired') : ''}
          className={problem ? 'wave-invalid' : ''}
          data-testid="add-order-name"
          onSlInput={(event) => {
            setName((event.target as SlInputElement).value);
            setProblem(false);
          }}
        />
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="add-order-cancel" onClick={onClose}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" data-testid="add-order-submit" onClick={() => submit()}>
        {t('kit.confirm.ok')}
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
  const [adding, setAdding] = useState(false);
  const canAdd = usePermission(permission('tWaveMaster', 'add'));
  const canEdit = usePermission(permission('tWaveMaster', 'edit'));
  const canDelete = usePermission(permission('tWaveMaster', 'delete'));
  const canView = usePermission(permission('tWaveMaster', 'view'));

  const mark = useCallback(async (rows: readonly EntityRow[], call: 'handleSelect' | 'handleUnselect') => {
    if (rows.length === 0) return;
    const envelope = await apiPost<number>(
      `/tAfaViewWaveOrder/${call}`,
      rows.map((r) => r.id),
    );
    if (envelope.code !== SUCCESS) return;
    setReloadKey((k) => k + 1);
  }, []);

  const waveCall = useCallback(
    async (call: 'addOrder' | 'removeOrder') => {
      // Taking orders out of the wave asks first, as the wave detail's delete does (spec 001 §8: delete always asks).
      if (call === 'removeOrder' && !(await confirm('kit.confirm.delete', { danger: true }))) return;
      const envelope = await apiPost<OutResult[]>(`/tAfaViewWaveOrder/${call}`, { whId, waveId, userName });
      if (envelope.code !== SUCCESS) return;
      reportOutcome(t, envelope.data);
      setReloadKey((k) => k + 1);
    },
    [t, confirm, whId, waveId, userName],
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
          />
        }
        toolbarExtra={(selected) => (
          <>
            <SlButton size="small" variant="primary" disabled={!canAdd} data-testid="add-order" onClick={() => setAdding(true)}>
              <SlIcon slot="prefix" name="box-arrow-in-right" />
              {t('wave.orders.addOrder')}
            </SlButton>
            <SlButton
              size="small"
              variant="danger"
              outline
              disabled={!canDelete}
              data-testid="remove-order"
              onClick={() => void waveCall('removeOrder').catch(() => undefined)}
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
      <AddOrderDialog
        open={adding}
        onClose={() => setAdding(false)}
        onConfirm={() => {
          setAdding(false);
          void waveCall('addOrder').catch(() => undefined);
        }}
      />
    </>
  );
}
