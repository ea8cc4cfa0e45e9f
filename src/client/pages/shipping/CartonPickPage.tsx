/**
 * Carton picking at the packing bench (menu Wms/CartonPick, kept alive): choose a warehouse and a wave being picked or
 * picked, then one of its orders (or scan an order number); "Next carton" opens the order's carton (getNextCarton:
 * the open one if there is one, else a new one of the chosen type or the server's rule) with what of the order is picked
 * and not yet packed; the packer types what goes in (or takes all of a line), may weigh the carton, and closes it
 * (completeCartonPick) — or leaves it (exitCartonPick deletes the empty open carton). Every rule is the server's.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, Fragment, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { splitSerials } from '../../../shared/serials';
import { matchesRule } from '../../../shared/validation';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { LookupSelect } from '../../kit/LookupSelect';
import { SerialListField, serialListProblem } from '../../kit/SerialListField';
import { screenUrl } from '../../kit/screenUrl';
import { session, usePermission } from '../../kit/session';
import { SlAlert, SlButton, SlIcon, SlInput, SlOption, SlSelect } from '../../kit/sl';
import { fitTextStyle } from '../../kit/textWidth';
import { useScreenShown } from '../../kit/useScreenShown';
import { rememberedWarehouseClient } from '../../kit/WarehouseClientSelect';
import { WarehouseSelect } from '../../kit/WarehouseSelect';
import { type ClosedCarton, milli, type NextCarton, type PackLine, SHIP_PERMISSION } from './shippingApi';
import { SHIPPING_URLS } from './shippingScreens';
import './shipping.css';

/** Waves whose orders can be packed: picking (P) or picked (C). */
const PACKING_WAVE_STATUSES = ['P', 'C'] as const;

interface WaveOption {
  waveId: string;
  status: string;
}

/** One pack line of the open carton: its pick detail, lot and attribute id. */
const lineKey = (line: PackLine) => `${line.pickDetailId}/${line.lotNumber ?? ''}/${line.storedAttributeId ?? ''}`;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function CartonPickPage() {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const shown = useScreenShown('Wms/CartonPick');
  const canOpen = usePermission(SHIP_PERMISSION.add);
  const canPack = usePermission(SHIP_PERMISSION.edit);
  const [whId, setWhId] = useState(() => rememberedWarehouseClient(session.user ?? '')?.whId ?? '');
  const [waves, setWaves] = useState<WaveOption[]>([]);
  const [waveId, setWaveId] = useState('');
  const [orders, setOrders] = useState<string[]>([]);
  const [orderNumber, setOrderNumber] = useState('');
  const [typed, setTyped] = useState('');
  // '' = the server's rule (contracts.md: the item's default carton, special size, own carton, volume).
  const [cartonType, setCartonType] = useState('');
  const [carton, setCarton] = useState<NextCarton | null>(null);
  const [qty, setQty] = useState<Record<string, string>>({});
  // The serials typed for each serial-controlled line (by line key): one per unit packed.
  const [serials, setSerials] = useState<Record<string, string>>({});
  const [weight, setWeight] = useState('');
  const [problem, setProblem] = useState('');
  const [packedMessage, setPackedMessage] = useState('');
  // The order whose every picked unit is in a carton: no next carton for it.
  const [packedOrder, setPackedOrder] = useState('');
  const [busy, setBusy] = useState(false);

  // The waves that can be packed, read again whenever the desk shows (picking goes on meanwhile).
  const loadWaves = useCallback(async () => {
    if (!whId) {
      setWaves([]);
      return;
    }
    const pages = await Promise.all(
      PACKING_WAVE_STATUSES.map((status) =>
        apiPost<PageResult<EntityRow>>('/tWaveMaster/findPage', { pageNum: 1, pageSize: 200, columnFilters: { whId, status } }),
      ),
    );
    const found = pages.flatMap((envelope) => (envelope.code === SUCCESS && envelope.data ? envelope.data.content : []));
    setWaves(
      found
        .map((row) => ({ waveId: text(row.waveId), status: text(row.status) }))
        .sort((a, b) => b.waveId.localeCompare(a.waveId)),
    );
  }, [whId]);
  useEffect(() => {
    if (shown) void loadWaves().catch(() => undefined);
  }, [shown, loadWaves]);

  // The orders of the chosen wave.
  useEffect(() => {
    if (!whId || !waveId) {
      setOrders([]);
      return;
    }
    let cancelled = false;
    void apiPost<PageResult<EntityRow>>('/tAfoWaveDetail/findPage', {
      pageNum: 1,
      pageSize: 1000,
      columnFilters: { whId, waveId: { value: waveId, exact: true } },
    })
      .then((envelope) => {
        if (!cancelled && envelope.code === SUCCESS && envelope.data)
          setOrders(envelope.data.content.map((row) => text(row.orderNumber)));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [whId, waveId]);

  const chooseOrder = (next: string) => {
    setOrderNumber(next);
    setTyped(next);
    setPackedMessage('');
    setProblem('');
  };

  // A scanned or typed order: one of the wave's, or any order of the warehouse — its wave is then chosen with it.
  const scanOrder = async (event?: FormEvent) => {
    event?.preventDefault();
    const number = typed.trim();
    if (!number || !whId) return;
    if (orders.includes(number)) {
      chooseOrder(number);
      return;
    }
    const envelope = await apiPost<PageResult<EntityRow>>('/tOrder/findPage', {
      pageNum: 1,
      pageSize: 1,
      columnFilters: { whId, orderNumber: { value: number, exact: true } },
    });
    if (envelope.code !== SUCCESS) return;
    const order = envelope.data?.content[0];
    if (!order) {
      toast('warning', t('ship.pick.orderNotFound', { orderNumber: number }));
      return;
    }
    if (!order.waveId) {
      toast('warning', t('ship.pick.orderNoWave', { orderNumber: number, status: `code.orderStatus.${text(order.status)}` }));
      return;
    }
    setWaveId(text(order.waveId));
    chooseOrder(number);
  };

  const openCarton = (next: NextCarton) => {
    setCarton(next);
    setQty(Object.fromEntries(next.lines.map((line) => [lineKey(line), '0'])));
    setSerials({});
    setWeight('');
    setProblem('');
    setPackedMessage(next.lines.length === 0 ? t('ship.pick.orderPacked', { orderNumber: next.orderNumber }) : '');
    setPackedOrder(next.lines.length === 0 ? next.orderNumber : '');
  };

  const nextCarton = async () => {
    if (!whId || !waveId || !orderNumber) {
      setProblem(t('ship.pick.chooseOrder'));
      return;
    }
    setBusy(true);
    try {
      const envelope = await apiPost<NextCarton>('/tblShippingLabelDetail/getNextCarton', {
        whId,
        waveId,
        orderNumber,
        ...(cartonType ? { cartonType } : {}),
      });
      if (envelope.code !== SUCCESS || !envelope.data) return;
      openCarton(envelope.data);
      toast('success', t('ship.pick.opened', { cartonNumber: envelope.data.cartonNumber }));
    } finally {
      setBusy(false);
    }
  };

  /** The lines to pack, or the message of the first value that cannot be sent. */
  const chosenLines = (open: NextCarton): { lines: PackLine[]; refused: string } => {
    const lines: PackLine[] = [];
    for (const line of open.lines) {
      const value = (qty[lineKey(line)] ?? '').trim();
      if (value === '' || value === '0') continue;
      if (!matchesRule('qtyPositive', value))
        return { lines, refused: t('ship.pick.qtyInvalid', { itemNumber: line.itemNumber, qty: value }) };
      if (milli(value) > milli(line.remainingQty))
        return {
          lines,
          refused: t('ship.pick.qtyAboveRemaining', { itemNumber: line.itemNumber, qty: value, remaining: line.remainingQty }),
        };
      const serialsRefused = line.serialControl
        ? serialListProblem(t, line.itemNumber, serials[lineKey(line)] ?? '', Number(value))
        : '';
      if (serialsRefused) return { lines, refused: serialsRefused };
      lines.push(line);
    }
    return { lines, refused: lines.length === 0 ? t('ship.pick.nothingChosen') : '' };
  };

  const complete = async () => {
    if (!carton) return;
    const { lines, refused } = chosenLines(carton);
    const actualWeight = weight.trim();
    const weightRefused = actualWeight && !matchesRule('qtyPositive', actualWeight) ? t('ship.pick.weightInvalid') : '';
    if (refused || weightRefused) {
      setProblem(refused || weightRefused);
      return;
    }
    if (
      !(await confirm('ship.pick.confirmComplete', {
        values: { cartonNumber: carton.cartonNumber, lines: lines.length },
      }))
    )
      return;
    setBusy(true);
    try {
      const envelope = await apiPost<ClosedCarton>('/tblShippingLabelDetail/completeCartonPick', {
        whId,
        cartonNumber: carton.cartonNumber,
        lines: lines.map((line) => ({
          pickDetailId: line.pickDetailId,
          ...(line.lotNumber !== null ? { lotNumber: line.lotNumber } : {}),
          ...(line.storedAttributeId !== null ? { storedAttributeId: line.storedAttributeId } : {}),
          qty: (qty[lineKey(line)] ?? '').trim(),
          ...(line.serialControl ? { serialNumbers: splitSerials(serials[lineKey(line)]) } : {}),
        })),
        ...(actualWeight ? { actualWeight } : {}),
      });
      if (envelope.code !== SUCCESS || !envelope.data) return;
      const closed = envelope.data;
      toast(
        'success',
        t('ship.pick.closed', {
          cartonNumber: closed.cartonNumber,
          logicalWeight: text(closed.logicalWeight),
          weightStatus: `code.weightStatus.${closed.weightStatus}`,
        }),
      );
      const orderDone = milli(closed.remainingQty) === 0;
      setCarton(null);
      setPackedOrder(orderDone ? carton.orderNumber : '');
      setPackedMessage(
        orderDone
          ? t('ship.pick.orderPacked', { orderNumber: carton.orderNumber })
          : t('ship.pick.cartonClosed', { cartonNumber: closed.cartonNumber, remaining: text(closed.remainingQty) }),
      );
      // The wave may now be picked and packed: its status in the list follows.
      void loadWaves().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const exit = async () => {
    if (!carton) return;
    if (!(await confirm('ship.pick.confirmExit', { values: { cartonNumber: carton.cartonNumber } }))) return;
    setBusy(true);
    try {
      const envelope = await apiPost<{ cartonNumber: string; deleted: boolean }>('/tblShippingLabelDetail/exitCartonPick', {
        whId,
        cartonNumber: carton.cartonNumber,
      });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('ship.pick.exited', { cartonNumber: carton.cartonNumber }));
      setCarton(null);
      setProblem('');
    } finally {
      setBusy(false);
    }
  };

  const setLineQty = (line: PackLine, value: string) => {
    setQty((current) => ({ ...current, [lineKey(line)]: value }));
    setProblem('');
  };
  const fillAll = () => {
    if (carton) setQty(Object.fromEntries(carton.lines.map((line) => [lineKey(line), text(line.remainingQty)])));
    setProblem('');
  };

  const locked = carton !== null;
  const waveChoices = waveId && !waves.some((w) => w.waveId === waveId) ? [{ waveId, status: '' }, ...waves] : waves;
  const run = (action: () => Promise<void>) => () => void action().catch(() => undefined);

  return (
    <div className="wharf-list-page ship-desk" data-testid="carton-pick-page">
      <form className="wharf-filter-bar" noValidate onSubmit={(event) => void scanOrder(event).catch(() => undefined)}>
        <div className="wharf-filter wharf-field--required">
          <WarehouseSelect
            size="small"
            label={t('entity.tblShippingLabel.field.whId')}
            value={whId}
            disabled={locked}
            testId="pack-whId"
            onChange={(next) => {
              setWhId(next);
              setWaveId('');
              chooseOrder('');
            }}
          />
        </div>
        <div className="wharf-filter wharf-field--required">
          <SlSelect
            size="small"
            label={t('entity.tblShippingLabel.field.waveId')}
            value={waveId}
            placeholder={t(whId ? 'ship.pick.chooseWave' : 'kit.lookup.warehouseFirst')}
            style={fitTextStyle([t('ship.pick.chooseWave'), t('kit.lookup.warehouseFirst')])}
            disabled={!whId || locked}
            hoist
            data-testid="pack-wave"
            onSlChange={(event) => {
              setWaveId((event.target as SlSelectElement).value as string);
              chooseOrder('');
            }}
          >
            {waveChoices.map((wave) => (
              <SlOption key={wave.waveId} value={wave.waveId}>
                {wave.status ? `${wave.waveId} · ${t(`code.waveStatus.${wave.status}`)}` : wave.waveId}
              </SlOption>
            ))}
          </SlSelect>
        </div>
        <div className="wharf-filter wharf-field--required">
          <SlSelect
            size="small"
            label={t('entity.tblShippingLabel.field.orderNumber')}
            value={orders.includes(orderNumber) ? orderNumber : ''}
            placeholder={t(waveId ? 'ship.pick.chooseOrder' : 'ship.pick.chooseWave')}
            style={fitTextStyle([t('ship.pick.chooseOrder'), t('ship.pick.chooseWave')])}
            disabled={!waveId || locked}
            hoist
            data-testid="pack-order"
            onSlChange={(event) => chooseOrder((event.target as SlSelectElement).value as string)}
          >
            {orders.map((order) => (
              <SlOption key={order} value={order}>
                {order}
              </SlOption>
            ))}
          </SlSelect>
        </div>
        <div className="wharf-filter">
          <SlInput
            size="small"
            label={t('ship.pick.scanOrder')}
            value={typed}
            clearable
            autocomplete="off"
            disabled={!whId || locked}
            placeholder={t('ship.pick.scanPlaceholder')}
            style={fitTextStyle([t('ship.pick.scanPlaceholder')])}
            data-testid="pack-order-scan"
            onSlInput={(event) => setTyped((event.target as SlInputElement).value)}
          />
        </div>
        <div className="wharf-filter">
          <LookupSelect
            name="getCartonType"
            params={{ whId }}
            size="small"
            label={t('entity.tblShippingLabel.field.cartonType')}
            value={cartonType}
            clearable
            disabled={locked}
            placeholder={t('ship.pick.cartonTypeAuto')}
            testId="pack-carton-type"
            onChange={setCartonType}
          />
        </div>
        <div className="wharf-filter-bar__buttons">
          <SlButton
            size="small"
            variant="primary"
            disabled={!canOpen || locked || !orderNumber || !waveId || packedOrder === orderNumber}
            loading={busy && !carton}
            data-testid="next-carton"
            onClick={run(nextCarton)}
          >
            <SlIcon slot="prefix" name="box-seam" />
            {t('ship.pick.nextCarton')}
          </SlButton>
          <button type="submit" hidden />
        </div>
      </form>

      {packedMessage ? (
        <SlAlert open variant="success" data-testid="pack-message">
          <SlIcon slot="icon" name="check2-circle" />
          {packedMessage}
        </SlAlert>
      ) : null}

      <div className="ship-header" data-testid="carton-header">
        {carton ? (
          <>
            <span className="ship-header__title" data-testid="carton-number">
              {t('ship.pick.cartonTitle', { cartonNumber: carton.cartonNumber, seq: carton.cartonSeq })}
            </span>
            <dl className="ship-header__facts">
              <dt>{t('entity.tblShippingLabel.field.orderNumber')}</dt>
              <dd>{carton.orderNumber}</dd>
              <dt>{t('entity.tblShippingLabel.field.cartonType')}</dt>
              <dd data-testid="carton-type">{carton.cartonType}</dd>
              <dt>{t('entity.tblShippingLabel.field.locationId')}</dt>
              <dd>{carton.locationId}</dd>
              <dt>{t('entity.tblShippingLabel.field.status')}</dt>
              <dd>{t(`code.cartonStatus.${carton.status}`)}</dd>
            </dl>
          </>
        ) : (
          <span className="ship-header__hint">
            {t(
              !orderNumber ? 'ship.pick.hintChoose' : packedOrder === orderNumber ? 'ship.pick.hintPacked' : 'ship.pick.hintNext',
            )}
          </span>
        )}
        <SlButton
          size="small"
          disabled={!orderNumber}
          data-testid="order-cartons"
          onClick={() => setLocation(screenUrl(SHIPPING_URLS.cartons, { whId, orderNumber }))}
        >
          <SlIcon slot="prefix" name="boxes" />
          {t('ship.pick.orderCartons')}
        </SlButton>
      </div>

      {carton && carton.lines.length > 0 ? (
        <>
          <div className="ship-lines__scroll">
            <table className="ship-lines" data-testid="pack-lines">
              <thead>
                <tr>
                  <th>{t('entity.tblShippingLabelDetail.field.lineNumber')}</th>
                  <th>{t('entity.tblShippingLabelDetail.field.itemNumber')}</th>
                  <th>{t('entity.common.field.itemDescription')}</th>
                  <th>{t('entity.tblShippingLabelDetail.field.lotNumber')}</th>
                  <th>{t('entity.tblShippingLabelDetail.field.expirationDate')}</th>
                  <th>{t('entity.tblShippingLabelDetail.field.uom')}</th>
                  <th>{t('entity.tStoredItem.field.huId')}</th>
                  <th className="ship-lines__number">{t('ship.pick.remaining')}</th>
                  <th>{t('ship.pick.packQty')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {carton.lines.map((line, i) => (
                  <Fragment key={lineKey(line)}>
                    <tr data-testid={`pack-line-${i}`}>
                      <td>{line.lineNumber}</td>
                      <td>{line.itemNumber}</td>
                      <td className="ship-lines__wrap">{text(line.itemDescription)}</td>
                      <td>{text(line.lotNumber)}</td>
                      <td>{text(line.expirationDate)}</td>
                      <td>{line.uom}</td>
                      <td data-testid={`pack-pallets-${i}`}>{line.pallets.join(', ')}</td>
                      <td className="ship-lines__number" data-testid={`pack-remaining-${i}`}>
                        {line.remainingQty}
                      </td>
                      <td>
                        <SlInput
                          size="small"
                          value={qty[lineKey(line)] ?? '0'}
                          inputmode="decimal"
                          autocomplete="off"
                          aria-label={t('ship.pick.packQty')}
                          data-testid={`pack-qty-${i}`}
                          onSlInput={(event) => setLineQty(line, (event.target as SlInputElement).value.trim())}
                        />
                      </td>
                      <td>
                        <SlButton
                          size="small"
                          data-testid={`pack-all-${i}`}
                          onClick={() => setLineQty(line, text(line.remainingQty))}
                        >
                          {t('ship.pick.all')}
                        </SlButton>
                      </td>
                    </tr>
                    {line.serialControl && milli(qty[lineKey(line)] ?? '0') > 0 ? (
                      <tr className="ship-lines__serials">
                        <td colSpan={10}>
                          <SerialListField
                            size="small"
                            value={serials[lineKey(line)] ?? ''}
                            needed={Number(qty[lineKey(line)])}
                            testId={`pack-serials-${i}`}
                            onChange={(value) => {
                              setSerials((current) => ({ ...current, [lineKey(line)]: value }));
                              setProblem('');
                            }}
                          />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <div className="ship-desk__actions">
            <SlButton size="small" data-testid="pack-fill-all" onClick={fillAll}>
              <SlIcon slot="prefix" name="check2-all" />
              {t('ship.pick.fillAll')}
            </SlButton>
            <div className="wharf-filter">
              <SlInput
                size="small"
                label={t('ship.pick.actualWeight')}
                value={weight}
                inputmode="decimal"
                autocomplete="off"
                data-testid="pack-weight"
                onSlInput={(event) => {
                  setWeight((event.target as SlInputElement).value.trim());
                  setProblem('');
                }}
              />
            </div>
            <SlButton
              size="small"
              variant="primary"
              disabled={!canPack}
              loading={busy}
              data-testid="pack-complete"
              onClick={run(complete)}
            >
              <SlIcon slot="prefix" name="box2-fill" />
              {t('ship.pick.complete')}
            </SlButton>
            <SlButton
              size="small"
              variant="danger"
              outline
              disabled={!canPack || busy}
              data-testid="pack-exit"
              onClick={run(exit)}
            >
              <SlIcon slot="prefix" name="box-arrow-left" />
              {t('ship.pick.exit')}
            </SlButton>
          </div>
        </>
      ) : carton ? (
        <div className="ship-desk__actions">
          <SlButton size="small" variant="danger" outline disabled={!canPack || busy} data-testid="pack-exit" onClick={run(exit)}>
            <SlIcon slot="prefix" name="box-arrow-left" />
            {t('ship.pick.exit')}
          </SlButton>
        </div>
      ) : null}

      {problem ? (
        <SlAlert open variant="danger" data-testid="pack-problem">
          <SlIcon slot="icon" name="exclamation-octagon" />
          {problem}
        </SlAlert>
      ) : null}
    </div>
  );
}
