/**
 * Open deliveries of a spec's own, made through the API as the office would (the demo's are other specs'): stock of a lot
 * of its own put in, one order per delivery asking for that lot, a wave of its own loaded with them (ACME's priority
 * profile, only these orders selected), released and picked, each order packed into one carton, labelled and put into a
 * delivery of its own, left open for a dock station's hand-over.
 */
import { expect, type Page } from '@playwright/test';
import { callApi, putStock } from './ui';

const YOGURT = 'ACME-0073';
/** Below the priorities other specs load their waves with (98, 99), so their working sets never hold these orders. */
const PRIORITY = 96;
/** A staging lane no other spec or demo wave uses. */
const STAGING = 'STG-OUT-07';

export interface OwnDelivery {
  deliveryNumber: string;
  cartonNumber: string;
}

interface OutResult {
  outCode: string;
  outMsg: string;
}

/** `count` open SF deliveries of one carton each; `tag` names the lot and orders (unique per spec). */
export async function ownDeliveries(office: Page, tag: string, location: string, count: number): Promise<OwnDelivery[]> {
  const lot = `E2E-${tag}`;
  await putStock(office, `e2e ${tag}`, [
    {
      locationId: location,
      itemNumber: YOGURT,
      uom: 'CUP',
      qty: String(2 * count),
      lotNumber: lot,
      expirationDate: '2029-12-31',
    },
  ]);
  const stamp = Date.now() % 1_000_000;
  const orderNumbers = Array.from({ length: count }, (_, n) => `${tag}-${stamp}-${n + 1}`);
  for (const orderNumber of orderNumbers) {
    await callApi(office, 'tOrder/save', {
      whId: 'WH01',
      clientCode: 'ACME',
      orderNumber,
      typeId: 'SO',
      priority: PRIORITY,
      carrierId: 'SF',
      customerName: '盒马鲜生 Hema Fresh',
      shipToName: '李明 Li Ming',
      shipToPhone: '13800000000',
      shipToAddr1: '浦东新区张江路 88 号',
      shipToCity: '上海 Shanghai',
    });
    await callApi(office, 'tOrderDetail/save', {
      whId: 'WH01',
      orderNumber,
      lineNumber: 1,
      itemNumber: YOGURT,
      qty: '2',
      orderUom: 'CUP',
      lotNumber: lot,
    });
    await callApi(office, 'tOrder/confirmOrder', { whId: 'WH01', orderNumber });
  }

  const id = await callApi<number>(office, 'tWaveMaster/save', {
    whId: 'WH01',
    sequence: 1,
    priority: 30,
    workersRequired: 1,
    stagingLocation: STAGING,
  });
  const waves = await callApi<{ content: { id: number; waveId: string }[] }>(office, 'tWaveMaster/findPage', {
    pageNum: 1,
    pageSize: 50,
    columnFilters: { whId: 'WH01' },
  });
  const waveId = waves.content.find((w) => w.id === id)?.waveId ?? '';
  expect(waveId).not.toBe('');
  const profiles = await callApi<{ id: number; profileName: string }[]>(office, 'tAfaProfile/getProfile', {
    profileType: 'WAVE PROFILE',
    whId: 'WH01',
    clientCode: 'ACME',
  });
  const loaded = await callApi<OutResult[]>(office, 'tAfaProfile/execWaveLoadProfile', {
    whId: 'WH01',
    waveId,
    clientCode: 'ACME',
    profileId: profiles.find((p) => p.profileName === 'ACME-PRIORITY')?.id,
    userName: 'admin',
    parameter1: String(PRIORITY),
  });
  expect(loaded[0]?.outCode, loaded[0]?.outMsg).toBe('SUCCESS');
  const set = await callApi<{ content: { id: number; orderNumber: string }[] }>(office, 'tAfaViewWaveOrder/findPage', {
    pageNum: 1,
    pageSize: 100,
    columnFilters: { whId: 'WH01', waveId, userName: 'admin' },
  });
  const mine = set.content.filter((row) => orderNumbers.includes(row.orderNumber)).map((row) => row.id);
  expect(mine).toHaveLength(count);
  await callApi(office, 'tAfaViewWaveOrder/handleSelect', mine);
  const added = await callApi<OutResult[]>(office, 'tAfaViewWaveOrder/addOrder', { whId: 'WH01', waveId, userName: 'admin' });
  expect(added[0]?.outCode, added[0]?.outMsg).toBe('SUCCESS');
  const released = await callApi<{ short: number }[]>(office, 'tWaveMaster/releaseWave', {
    whId: 'WH01',
    waveIds: [waveId],
    overrideWorkType: 'EACHPICK',
    priority: 20,
    workersRequired: 1,
    earliestShipDate: '2031-01-01',
    latestShipDate: '2031-01-05',
  });
  expect(released[0]?.short).toBe(0);

  const tasks = await callApi<{
    content: {
      id: number;
      status: string;
      quantity: string;
      pickLocation: string;
      lotNumber: string | null;
      mHuId: string | null;
    }[];
  }>(office, 'tWavePickTask/findPage', { pageNum: 1, pageSize: 100, columnFilters: { whId: 'WH01', waveId } });
  expect(tasks.content).toHaveLength(count);
  for (const task of tasks.content) {
    await callApi(office, 'tWavePickTask/completeWavePick', {
      id: task.id,
      qty: task.quantity,
      locationId: task.pickLocation,
      lotNumber: task.lotNumber,
      huId: task.mHuId,
    });
  }

  const deliveries: OwnDelivery[] = [];
  for (const orderNumber of orderNumbers) {
    const next = await callApi<{
      cartonNumber: string;
      lines: { pickDetailId: number; lotNumber: string | null; storedAttributeId: number | null; remainingQty: string }[];
    }>(office, 'tblShippingLabelDetail/getNextCarton', { whId: 'WH01', waveId, orderNumber });
    await callApi(office, 'tblShippingLabelDetail/completeCartonPick', {
      whId: 'WH01',
      cartonNumber: next.cartonNumber,
      lines: next.lines.map((l) => ({
        pickDetailId: l.pickDetailId,
        lotNumber: l.lotNumber,
        storedAttributeId: l.storedAttributeId,
        qty: l.remainingQty,
      })),
      actualWeight: null,
    });
    const cartonNumbers = [next.cartonNumber];
    await callApi(office, 'tblShippingLabel/applyShipLabel', { whId: 'WH01', cartonNumbers });
    const made = await callApi<{ deliveryNumber: string }>(office, 'tblShippingLabel/generateDelivery', {
      whId: 'WH01',
      cartonNumbers,
    });
    deliveries.push({ deliveryNumber: made.deliveryNumber, cartonNumber: next.cartonNumber });
  }
  return deliveries;
}
