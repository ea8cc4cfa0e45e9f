import { mkdir, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { gridCell, rowAction, rowWhere } from './grid';
import { confirmedOrder, pickedWave } from './outboundApi';
import { confirmOk, filterList, login, openScreen, putStock, type StockLine, shot } from './ui';

// Shipping (issue 13) in Chinese (the four long walks run once each, two in each language, for the CI budget), on
// its own order and stock:
// 0. through the API, as the office would: stock of a yogurt (ACME-0073) and a water from Zhejiang (ACME-0074) put in
//    by an adjustment on A02-01-1/A02-02-1 (Chinese) or A02-03-1/A02-04-1 (English); an order of 6 yogurts and 4 waters
//    for carrier SF, confirmed; a wave staged at STG-OUT-02 (door D04) holding just that order, released; every pick
//    task picked in full;
// 1. the packing bench (Wms/CartonPick): the yogurts in a first carton (type by the rule), the waters in a second of
//    type L, weighed; the order reads fully packed; the stock query shows the cartons' stock at the staging location;
// 2. the carton list of the order; the first carton's lines; 2 yogurts split into a new carton of type S through the
//    split dialog (its quantity checked on blur first);
// 3. the three cartons labelled (SF express numbers), their labels printed (the PDF saved), a delivery generated;
// 4. the delivery list: the delivery note printed (the PDF saved), the delivery shipped; its cartons read shipped;
// 5. the stock query shows nothing left at the staging location, and the order list shows the order shipped.

interface Texts {
  lang: 'zh' | 'en';
  menu: {
    outbound: string;
    cartonPick: string;
    cartons: string;
    deliveries: string;
    orders: string;
    inventory: string;
    stock: string;
  };
  /** Where this walk's stock is put. */
  locations: [string, string];
  orderNumber: string;
  closed: string;
  labelled: string;
  inDelivery: string;
  shipped: string;
  orderPacked: RegExp;
  leftToPack: RegExp;
  positiveInt: RegExp;
  /** Scans the order number instead of choosing it from the wave's orders. */
  scan: boolean;
}

const ZH: Texts = {
  lang: 'zh',
  menu: {
    outbound: '出库管理',
    cartonPick: '装箱作业',
    cartons: '出库箱',
    deliveries: '交接单',
    orders: '出库订单',
    inventory: '库存管理',
    stock: '库存',
  },
  locations: ['A02-01-1', 'A02-02-1'],
  orderNumber: 'SHIP-E2E-ZH',
  closed: '已封箱',
  labelled: '已贴面单',
  inDelivery: '已交接',
  shipped: '已发运',
  orderPacked: /已全部装箱/,
  leftToPack: /待装/,
  positiveInt: /正整数/,
  scan: false,
};

const YOGURT = 'ACME-0073';
const WATER = 'ACME-0074';
const ORIGIN = '浙江 Zhejiang';
const STAGING = 'STG-OUT-02';
const DOOR = 'D04';
/** Above every demo order's priority: the wave-load profile finds this walk's order among few others. */
const PRIORITY = 98;

const list = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"]`).filter({ visible: true });
const toast = (page: Page, text: RegExp) => page.locator('sl-alert').filter({ hasText: text }).first();
const desk = (page: Page) => page.getByTestId('carton-pick-page');
const openDialog = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"][open]`);

/** The number of rows a grid shows (a row is one element per pinned container, all with its row-index). */
async function rowCount(scope: Locator): Promise<number> {
  const indexes = await scope
    .locator('[role="row"][row-index]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('row-index')));
  return new Set(indexes).size;
}

/** Picks an option of a Shoelace select (a kit select or lookup) by its text. */
async function pick(page: Page, select: Locator, option: RegExp): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A document answered as a PDF: the response is checked and its bytes kept under tests/artifacts. */
async function savePdf(response: Response, name: string): Promise<void> {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const bytes = await response.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await mkdir('tests/artifacts', { recursive: true });
  await writeFile(`tests/artifacts/${name}.pdf`, bytes);
}

const isPost = (path: string) => (response: Response) => response.url().endsWith(path) && response.request().method() === 'POST';

// Step 0 ------------------------------------------------------------------------------------------------------------

/** Stock, an order, a released wave holding only that order, every task picked; answers the wave id. */
async function pickedOrder(page: Page, x: Texts): Promise<string> {
  const stock: StockLine[] = [
    {
      locationId: x.locations[0],
      itemNumber: YOGURT,
      uom: 'CUP',
      qty: '6',
      lotNumber: `E2E-SHIP-${x.lang}`,
      expirationDate: '2027-12-31',
    },
    {
      locationId: x.locations[1],
      itemNumber: WATER,
      uom: 'BTL',
      qty: '4',
      lotNumber: `E2E-SHIP-${x.lang}`,
      expirationDate: '2028-06-30',
      genericAttrValue1: ORIGIN,
    },
  ];
  await putStock(page, `e2e shipping ${x.lang}`, stock);

  // The water names its origin (the one attribute type of its collection): the server derives the attribute id.
  await confirmedOrder(page, x.orderNumber, PRIORITY, [
    { itemNumber: YOGURT, qty: '6', orderUom: 'CUP' },
    { itemNumber: WATER, qty: '4', orderUom: 'BTL', genericAttrValue1: ORIGIN },
  ]);
  // A wave of its own, staged at the door's lane, released and picked in full.
  const waveId = await pickedWave(page, { orderNumbers: [x.orderNumber], priority: PRIORITY, staging: STAGING, door: DOOR });
  return waveId;
}

// Step 1 ------------------------------------------------------------------------------------------------------------

/** Packs the order into two cartons at the bench; answers their numbers (yogurts, waters). */
async function packOrder(page: Page, x: Texts, waveId: string): Promise<[string, string]> {
  await openScreen(page, x.menu.outbound, x.menu.cartonPick, /\/Wms\/CartonPick/);
  const bench = desk(page);
  await pick(page, bench.getByTestId('pack-whId'), /^WH01/);
  await pick(page, bench.getByTestId('pack-wave'), new RegExp(`^${waveId}`));
  if (x.scan) {
    const scan = bench.getByTestId('pack-order-scan').locator('input');
    await scan.fill(x.orderNumber);
    await scan.press('Enter');
  } else {
    await pick(page, bench.getByTestId('pack-order'), new RegExp(`^${x.orderNumber}$`));
  }
  await expect(bench.getByTestId('order-cartons')).not.toHaveAttribute('disabled');
  await shot(page, `ship-01-bench-${x.lang}`);

  // First carton, of the type the rule chooses: all the yogurts.
  await bench.getByTestId('next-carton').click();
  await expect(bench.getByTestId('carton-number')).toContainText(/CT[0-9A-Za-z-]+/);
  const first = ((await bench.getByTestId('carton-number').textContent()) ?? '').match(/CT[0-9A-Za-z-]+/)?.[0] ?? '';
  const lines = bench.getByTestId('pack-lines').locator('tbody tr');
  await expect(lines).toHaveCount(2);
  await lines.filter({ hasText: YOGURT }).locator('[data-testid^="pack-all-"]').click();
  await expect(lines.filter({ hasText: YOGURT }).locator('[data-testid^="pack-qty-"]')).toHaveJSProperty('value', '6');
  await shot(page, `ship-02-first-carton-${x.lang}`);
  await bench.getByTestId('pack-complete').click();
  await confirmOk(page);
  // The closing toast names the carton and its logical weight.
  await expect(toast(page, new RegExp(`${first}.*kg`))).toBeAttached();
  await expect(bench.getByTestId('pack-message')).toContainText(x.leftToPack);

  // Second carton, of type L chosen before it opens: the waters, weighed.
  await pick(page, bench.getByTestId('pack-carton-type'), /^L\s/);
  await bench.getByTestId('next-carton').click();
  await expect(bench.getByTestId('carton-type')).toHaveText('L');
  const second = ((await bench.getByTestId('carton-number').textContent()) ?? '').match(/CT[0-9A-Za-z-]+/)?.[0] ?? '';
  expect(second).not.toBe(first);
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(WATER);
  await bench.getByTestId('pack-fill-all').click();
  await bench.getByTestId('pack-weight').locator('input').fill('2.6');
  await shot(page, `ship-03-second-carton-${x.lang}`);
  await bench.getByTestId('pack-complete').click();
  await confirmOk(page);
  await expect(toast(page, new RegExp(`${second}.*kg`))).toBeAttached();
  await expect(bench.getByTestId('pack-message')).toContainText(x.orderPacked);
  await shot(page, `ship-04-packed-${x.lang}`);

  // The yogurts' stock is now the first carton's: at the staging location, its pallet id the carton number.
  await openScreen(page, x.menu.inventory, x.menu.stock, /\/Wms\/TStoredItem/);
  await filterList(page, 'tStoredItem', { locationId: STAGING, itemNumber: YOGURT }, 1);
  await expect(gridCell(list(page, 'tStoredItem'), 0, 'huId')).toHaveText(first);
  await shot(page, `ship-05-carton-stock-${x.lang}`);
  return [first, second];
}

// Step 2 ------------------------------------------------------------------------------------------------------------

/** The order's cartons; 2 yogurts of the first carton split into a new carton of type S. */
async function splitFirstCarton(page: Page, x: Texts, cartons: [string, string]): Promise<void> {
  await openScreen(page, x.menu.outbound, x.menu.cartonPick, /\/Wms\/CartonPick/);
  await desk(page).getByTestId('order-cartons').click();
  await expect(page).toHaveURL(new RegExp(`/Wms/TblShippingLabel\\?whId=WH01&orderNumber=${x.orderNumber}&t=\\d+`));
  const cartonList = list(page, 'tblShippingLabel');
  await expect.poll(() => rowCount(cartonList)).toBe(2);
  await expect(cartonList.locator('[col-id="status"]', { hasText: x.closed })).toHaveCount(2);
  await shot(page, `ship-06-cartons-${x.lang}`);

  await (await rowAction(cartonList, await rowWhere(cartonList, cartons[0]), 'lines')).click();
  await expect(page).toHaveURL(new RegExp(`/Wms/TblShippingLabelDetail\\?cartonNumber=${cartons[0]}&whId=WH01&t=\\d+`));
  const cartonLines = list(page, 'tblShippingLabelDetail');
  await expect.poll(() => rowCount(cartonLines)).toBe(1);
  await expect(gridCell(cartonLines, 0, 'qty')).toHaveText(/^6(\.0+)?$/);
  await expect(cartonLines.getByTestId('carton-status')).toHaveText(x.closed);
  // A lines screen: no add, no batch delete.
  await expect(cartonLines.getByTestId('add')).toHaveCount(0);
  await expect(cartonLines.getByTestId('batch-delete')).toHaveCount(0);
  await shot(page, `ship-07-carton-lines-${x.lang}`);

  await (await rowAction(cartonLines, 0, 'split')).click();
  const split = openDialog(page, 'split-dialog');
  await expect(split).toBeVisible();
  await expect(split.getByTestId('split-itemNumber')).toHaveJSProperty('value', YOGURT);
  // The quantity is checked on blur: a leading zero is refused.
  const qty = split.getByTestId('split-qty').locator('input');
  await qty.fill('02');
  await qty.blur();
  await expect(split.getByTestId('error-qty')).toContainText(x.positiveInt);
  await qty.fill('2');
  await qty.blur();
  await expect(split.getByTestId('error-qty')).toHaveText('');
  await pick(page, split.getByTestId('split-cartonType'), /^S\s/);
  await shot(page, `ship-08-split-dialog-${x.lang}`);
  await split.getByTestId('split-submit').click();
  await confirmOk(page);
  await expect(split).toHaveCount(0);
  await expect(gridCell(cartonLines, 0, 'qty')).toHaveText(/^4(\.0+)?$/);
  await shot(page, `ship-09-split-done-${x.lang}`);

  await cartonLines.getByTestId('back').click();
  await expect(page).toHaveURL(/\/Wms\/TblShippingLabel$/);
  // The list comes back narrowed to the order; refreshed, it holds the new carton too.
  await expect(list(page, 'tblShippingLabel').getByTestId('carton-scope')).toContainText(x.orderNumber);
  await list(page, 'tblShippingLabel').getByTestId('refresh').click();
  await expect.poll(() => rowCount(list(page, 'tblShippingLabel'))).toBe(3);
}

// Step 3 ------------------------------------------------------------------------------------------------------------

/** Labels, prints and delivers the order's three cartons; answers the delivery number. */
async function labelAndDeliver(page: Page, x: Texts): Promise<string> {
  const cartonList = list(page, 'tblShippingLabel');
  const selectAll = () => cartonList.locator('.ag-header-select-all .ag-checkbox-input').first().check();
  await selectAll();
  await cartonList.getByTestId('apply-label').click();
  await expect(toast(page, /→ SF\d+/)).toBeAttached();
  await expect(cartonList.locator('[col-id="status"]', { hasText: x.labelled })).toHaveCount(3);
  await shot(page, `ship-10-labelled-${x.lang}`);

  await selectAll();
  await expect(cartonList.getByTestId('print-labels')).not.toHaveAttribute('disabled');
  const [labels] = await Promise.all([
    page.waitForResponse(isPost('/tblShippingLabel/printLabels')),
    cartonList.getByTestId('print-labels').click(),
  ]);
  await savePdf(labels, `labels-${x.lang}`);
  const viewer = openDialog(page, 'pdf-dialog');
  await expect(viewer.getByTestId('pdf-frame')).toBeVisible();
  await page.waitForTimeout(1500);
  await shot(page, `ship-11-labels-pdf-${x.lang}`);
  await viewer.getByTestId('pdf-close').click();
  await expect(viewer).toHaveCount(0);

  await selectAll();
  await cartonList.getByTestId('generate-delivery').click();
  const dialog = openDialog(page, 'delivery-dialog');
  await dialog.getByTestId('delivery-remark').locator('input').fill(`e2e ${x.lang}`);
  await shot(page, `ship-12-generate-delivery-${x.lang}`);
  await dialog.getByTestId('delivery-submit').click();
  await confirmOk(page);
  await expect(dialog).toHaveCount(0);
  const done = toast(page, /DL[0-9A-Za-z-]+/);
  await expect(done).toBeAttached();
  const deliveryNumber = ((await done.textContent()) ?? '').match(/DL[0-9A-Za-z-]+/)?.[0] ?? '';
  expect(deliveryNumber).not.toBe('');
  await expect(cartonList.locator('[col-id="status"]', { hasText: x.inDelivery })).toHaveCount(3);
  await shot(page, `ship-13-in-delivery-${x.lang}`);
  return deliveryNumber;
}

// Step 4 ------------------------------------------------------------------------------------------------------------

async function printAndShip(page: Page, x: Texts, deliveryNumber: string): Promise<void> {
  await openScreen(page, x.menu.outbound, x.menu.deliveries, /\/Wms\/TDelivery/);
  const deliveries = list(page, 'tDelivery');
  await filterList(page, 'tDelivery', { deliveryNumber }, 1);
  await expect(gridCell(deliveries, 0, 'cartonCount')).toHaveText('3');
  await shot(page, `ship-14-deliveries-${x.lang}`);

  const [note] = await Promise.all([
    page.waitForResponse(isPost('/tblShippingLabel/printDeliveryNote')),
    (await rowAction(deliveries, 0, 'deliveryNote')).click(),
  ]);
  await savePdf(note, `delivery-note-${x.lang}`);
  const viewer = openDialog(page, 'pdf-dialog');
  await expect(viewer.getByTestId('pdf-frame')).toBeVisible();
  await page.waitForTimeout(1500);
  await shot(page, `ship-15-delivery-note-pdf-${x.lang}`);
  await viewer.getByTestId('pdf-close').click();
  await expect(viewer).toHaveCount(0);

  await (await rowAction(deliveries, 0, 'ship')).click();
  await confirmOk(page);
  await expect(toast(page, new RegExp(deliveryNumber))).toBeAttached();
  await expect(gridCell(deliveries, 0, 'status')).toHaveText(x.shipped);
  await expect(await rowAction(deliveries, 0, 'ship')).toHaveAttribute('disabled');
  await shot(page, `ship-16-shipped-${x.lang}`);

  // Its cartons: the carton list narrowed to the delivery, all shipped.
  await (await rowAction(deliveries, 0, 'cartons')).click();
  await expect(page).toHaveURL(new RegExp(`/Wms/TblShippingLabel\\?whId=WH01&deliveryNumber=${deliveryNumber}&t=\\d+`));
  const cartonList = list(page, 'tblShippingLabel');
  await expect.poll(() => rowCount(cartonList)).toBe(3);
  await expect(cartonList.locator('[col-id="status"]', { hasText: x.shipped })).toHaveCount(3);
  await shot(page, `ship-17-delivery-cartons-${x.lang}`);
}

// Step 5 ------------------------------------------------------------------------------------------------------------

async function checkShipped(page: Page, x: Texts): Promise<void> {
  // The stock query still shows the carton row of step 1: nothing of it (nor of any carton) is left at the lane.
  await openScreen(page, x.menu.inventory, x.menu.stock, /\/Wms\/TStoredItem/);
  await filterList(page, 'tStoredItem', { locationId: STAGING, itemNumber: '' }, 0);
  await shot(page, `ship-18-stock-gone-${x.lang}`);

  await openScreen(page, x.menu.outbound, x.menu.orders, /\/Wms\/TOrder/);
  const orders = list(page, 'tOrder');
  await pick(page, orders.getByTestId('filter-whId'), /^WH01/);
  await filterList(page, 'tOrder', { orderNumber: x.orderNumber }, 1);
  await expect(gridCell(orders, 0, 'status')).toHaveText(x.shipped);
  await shot(page, `ship-19-order-shipped-${x.lang}`);
}

async function walk(page: Page, x: Texts): Promise<void> {
  const waveId = await pickedOrder(page, x);
  const cartons = await packOrder(page, x, waveId);
  await splitFirstCarton(page, x, cartons);
  const deliveryNumber = await labelAndDeliver(page, x);
  await printAndShip(page, x, deliveryNumber);
  await checkShipped(page, x);
}

test('packs, splits, labels, delivers and ships an order, in Chinese', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page);
  await walk(page, ZH);
});
