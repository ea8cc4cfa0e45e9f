/**
 * An ACME order of WH01 made ready through the API as the office would (shipping.spec.ts, kiosk-offline.spec.ts): its
 * stock put in, the order confirmed, a wave of its own loaded by ACME's priority profile with only this order,
 * released, every task picked in full; then, for a hand-over, packed into cartons, labelled and put into a delivery.
 * Each spec brings its own order number, lot and stock, so that specs sharing a server never take each other's.
 */
import { expect, type Page } from '@playwright/test';
import { callApi, putStock, type StockLine } from './ui';

export interface OrderLine {
  itemNumber: string;
  qty: string;
  orderUom: string;
  lotNumber?: string;
  genericAttrValue1?: string;
}

export interface OutboundOrder {
  orderNumber: string;
  /** ACME's priority profile loads the open orders of this priority; only this order is then added to the wave. */
  priority: number;
  lines: readonly OrderLine[];
  /** The stock put in first (its adjustment's description: `stockNote`). */
  stock: readonly StockLine[];
  stockNote: string;
  stagingLocation: string;
  doorLocation: string;
}

/** Stock, the order, a released wave holding only that order, every task picked; answers the wave id. */
export async function pickedOrder(page: Page, order: OutboundOrder): Promise<string> {
  await putStock(page, order.stockNote, order.stock);
  await callApi(page, 'tOrder/save', {
    whId: 'WH01',
    clientCode: 'ACME',
    orderNumber: order.orderNumber,
    typeId: 'SO',
    priority: order.priority,
    carrierId: 'SF',
    customerName: '盒马鲜生 Hema Fresh',
    shipToName: '李明 Li Ming',
    shipToPhone: '13800000000',
    shipToAddr1: '浦东新区张江路 88 号',
    shipToCity: '上海 Shanghai',
  });
  for (const [n, line] of order.lines.entries()) {
    await callApi(page, 'tOrderDetail/save', { whId: 'WH01', orderNumber: order.orderNumber, lineNumber: n + 1, ...line });
  }
  await callApi(page, 'tOrder/confirmOrder', { whId: 'WH01', orderNumber: order.orderNumber });

  // A wave of its own (a blank id takes the next WAVE number), staged at the door's lane.
  const id = await callApi<number>(page, 'tWaveMaster/save', {
    whId: 'WH01',
    sequence: 1,
    priority: 30,
    workersRequired: 1,
    doorLocation: order.doorLocation,
    stagingLocation: order.stagingLocation,
  });
  const waves = await callApi<{ content: { id: number; waveId: string }[] }>(page, 'tWaveMaster/findPage', {
    pageNum: 1,
    pageSize: 50,
    columnFilters: { whId: 'WH01' },
  });
  const waveId = waves.content.find((w) => w.id === id)?.waveId ?? '';
  expect(waveId).not.toBe('');

  // The wave-load flow: ACME's priority profile fills the working set; only this order is selected and added.
  const profiles = await callApi<{ id: number; profileName: string }[]>(page, 'tAfaProfile/getProfile', {
    profileType: 'WAVE PROFILE',
    whId: 'WH01',
    clientCode: 'ACME',
  });
  const profileId = profiles.find((p) => p.profileName === 'ACME-PRIORITY')?.id;
  expect(profileId).toBeDefined();
  const loaded = await callApi<{ outCode: string; outMsg: string }[]>(page, 'tAfaProfile/execWaveLoadProfile', {
    whId: 'WH01',
    waveId,
    clientCode: 'ACME',
    profileId,
    userName: 'admin',
    parameter1: String(order.priority),
  });
  expect(loaded[0]?.outCode, loaded[0]?.outMsg).toBe('SUCCESS');
  const set = await callApi<{ content: { id: number; orderNumber: string }[] }>(page, 'tAfaViewWaveOrder/findPage', {
    pageNum: 1,
    pageSize: 100,
    columnFilters: { whId: 'WH01', waveId, userName: 'admin', orderNumber: order.orderNumber },
  });
  const mine = set.content.filter((row) => row.orderNumber === order.orderNumber).map((row) => row.id);
  expect(mine).toHaveLength(1);
  await callApi(page, 'tAfaViewWaveOrder/handleSelect', mine);
  const added = await callApi<{ outCode: string; outMsg: string }[]>(page, 'tAfaViewWaveOrder/addOrder', {
    whId: 'WH01',
    waveId,
    userName: 'admin',
  });
  expect(added[0]?.outCode, added[0]?.outMsg).toBe('SUCCESS');

  const released = await callApi<{ waveId: string; planned: number; short: number }[]>(page, 'tWaveMaster/releaseWave', {
    whId: 'WH01',
    waveIds: [waveId],
    overrideWorkType: 'EACHPICK',
    priority: 20,
    workersRequired: 1,
    earliestShipDate: '2031-01-01',
    latestShipDate: '2031-01-05',
  });
  expect(released[0]?.short).toBe(0);

  // Every task picked in full where it was allocated.
  interface Task {
    id: number;
    status: string;
    quantity: string;
    pickedQty: string | null;
    shortQty: string | null;
    pickLocation: string;
    lotNumber: string | null;
    mHuId: string | null;
  }
  const tasks = await callApi<{ content: Task[] }>(page, 'tWavePickTask/findPage', {
    pageNum: 1,
    pageSize: 100,
    columnFilters: { whId: 'WH01', waveId },
  });
  expect(tasks.content.length).toBeGreaterThanOrEqual(order.lines.length);
  for (const task of tasks.content.filter((t) => t.status === 'O')) {
    const open = (Number(task.quantity) * 1000 - Number(task.pickedQty ?? 0) * 1000 - Number(task.shortQty ?? 0) * 1000) / 1000;
    await callApi(page, 'tWavePickTask/completeWavePick', {
      id: task.id,
      qty: String(open),
      locationId: task.pickLocation,
      lotNumber: task.lotNumber,
      huId: task.mHuId,
    });
  }
  return waveId;
}

interface NextCarton {
  cartonNumber: string;
  lines: { pickDetailId: number; lotNumber: string | null; storedAttributeId: number | null; remainingQty: string }[];
}

/**
 * The order picked (`pickedOrder`), packed whole into one carton at the bench's calls, labelled and put into a delivery
 * of its own, left open: ready for a hand-over at a dock station. Answers the delivery and its carton.
 */
export async function openDelivery(page: Page, order: OutboundOrder): Promise<{ deliveryNumber: string; cartonNumber: string }> {
  const waveId = await pickedOrder(page, order);
  const next = await callApi<NextCarton>(page, 'tblShippingLabelDetail/getNextCarton', {
    whId: 'WH01',
    waveId,
    orderNumber: order.orderNumber,
  });
  await callApi(page, 'tblShippingLabelDetail/completeCartonPick', {
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
  await callApi(page, 'tblShippingLabel/applyShipLabel', { whId: 'WH01', cartonNumbers });
  const made = await callApi<{ deliveryNumber: string }>(page, 'tblShippingLabel/generateDelivery', {
    whId: 'WH01',
    cartonNumbers,
  });
  return { deliveryNumber: made.deliveryNumber, cartonNumber: next.cartonNumber };
}
