/**
 * Outbound work a spec needs done before its own steps, made through the API as the office would: a confirmed ACME
 * order of WH01, and a wave of the spec's own holding only its orders (ACME's priority profile loads the working set,
 * only these orders are selected and added), released and every task picked in full where it was allocated. Used by
 * shipping.spec.ts (the packing bench), kioskDelivery.ts (the dock station's deliveries) and serials-pick.spec.ts
 * (released only: its tasks are picked in the console's pick dialog).
 */
import { expect, type Page } from '@playwright/test';
import { callApi } from './ui';

export interface OrderLine {
  itemNumber: string;
  qty: string;
  orderUom: string;
  lotNumber?: string;
  /** The item's attribute values (the water's origin; a power bank's model, origin, version): the server derives the
   * attribute id. */
  genericAttrValue1?: string;
  genericAttrValue2?: string;
  genericAttrValue3?: string;
}

interface OutResult {
  outCode: string;
  outMsg: string;
}

/** Whose order, and its carrier (null: the order names none). */
export interface OrderHeader {
  clientCode?: string;
  carrierId?: string | null;
}

/**
 * A confirmed SF order of ACME (or `header`'s client and carrier) with these lines. `priority` sets which wave-load
 * working set finds it: specs use their own (above or below the demo's) so that their waves never hold each other's
 * orders.
 */
export async function confirmedOrder(
  page: Page,
  orderNumber: string,
  priority: number,
  lines: readonly OrderLine[],
  header: OrderHeader = {},
) {
  const carrierId = header.carrierId === undefined ? 'SF' : header.carrierId;
  await callApi(page, 'tOrder/save', {
    whId: 'WH01',
    clientCode: header.clientCode ?? 'ACME',
    orderNumber,
    typeId: 'SO',
    priority,
    ...(carrierId ? { carrierId } : {}),
    customerName: '盒马鲜生 Hema Fresh',
    shipToName: '李明 Li Ming',
    shipToPhone: '13800000000',
    shipToAddr1: '浦东新区张江路 88 号',
    shipToCity: '上海 Shanghai',
  });
  for (const [n, line] of lines.entries()) {
    await callApi(page, 'tOrderDetail/save', { whId: 'WH01', orderNumber, lineNumber: n + 1, ...line });
  }
  await callApi(page, 'tOrder/confirmOrder', { whId: 'WH01', orderNumber });
}

export interface OwnWave {
  orderNumbers: readonly string[];
  priority: number;
  staging: string;
  door?: string;
  /** The orders' client (default ACME): its priority profile loads them. */
  clientCode?: string;
}

/**
 * A wave of its own (a blank id takes the next WAVE number) holding exactly these orders (of this priority), staged at
 * `staging` (and `door` when given), released with nothing short; answers the wave id.
 */
export async function releasedWave(page: Page, wave: OwnWave): Promise<string> {
  const id = await callApi<number>(page, 'tWaveMaster/save', {
    whId: 'WH01',
    sequence: 1,
    priority: 30,
    workersRequired: 1,
    stagingLocation: wave.staging,
    ...(wave.door ? { doorLocation: wave.door } : {}),
  });
  const waves = await callApi<{ content: { id: number; waveId: string }[] }>(page, 'tWaveMaster/findPage', {
    pageNum: 1,
    pageSize: 50,
    columnFilters: { whId: 'WH01' },
  });
  const waveId = waves.content.find((w) => w.id === id)?.waveId ?? '';
  expect(waveId).not.toBe('');

  const clientCode = wave.clientCode ?? 'ACME';
  const profiles = await callApi<{ id: number; profileName: string }[]>(page, 'tAfaProfile/getProfile', {
    profileType: 'WAVE PROFILE',
    whId: 'WH01',
    clientCode,
  });
  const profileId = profiles.find((p) => p.profileName === `${clientCode}-PRIORITY`)?.id;
  expect(profileId).toBeDefined();
  const loaded = await callApi<OutResult[]>(page, 'tAfaProfile/execWaveLoadProfile', {
    whId: 'WH01',
    waveId,
    clientCode,
    profileId,
    userName: 'admin',
    parameter1: String(wave.priority),
  });
  expect(loaded[0]?.outCode, loaded[0]?.outMsg).toBe('SUCCESS');
  const set = await callApi<{ content: { id: number; orderNumber: string }[] }>(page, 'tAfaViewWaveOrder/findPage', {
    pageNum: 1,
    pageSize: 100,
    columnFilters: { whId: 'WH01', waveId, userName: 'admin' },
  });
  const mine = set.content.filter((row) => wave.orderNumbers.includes(row.orderNumber)).map((row) => row.id);
  expect(mine).toHaveLength(wave.orderNumbers.length);
  await callApi(page, 'tAfaViewWaveOrder/handleSelect', mine);
  const added = await callApi<OutResult[]>(page, 'tAfaViewWaveOrder/addOrder', { whId: 'WH01', waveId, userName: 'admin' });
  expect(added[0]?.outCode, added[0]?.outMsg).toBe('SUCCESS');

  const released = await callApi<{ short: number }[]>(page, 'tWaveMaster/releaseWave', {
    whId: 'WH01',
    waveIds: [waveId],
    overrideWorkType: 'EACHPICK',
    priority: 20,
    workersRequired: 1,
    earliestShipDate: '2031-01-01',
    latestShipDate: '2031-01-05',
  });
  expect(released[0]?.short).toBe(0);
  return waveId;
}

/** `releasedWave`, then every task picked in full where it was allocated; answers the wave id. */
export async function pickedWave(page: Page, wave: OwnWave): Promise<string> {
  const waveId = await releasedWave(page, wave);
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
  expect(tasks.content.length).toBeGreaterThanOrEqual(wave.orderNumbers.length);
  for (const task of tasks.content.filter((t) => t.status === 'O')) {
    // In thousandths: quantities carry up to 3 decimals.
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
