import { expect, type Page, test } from '@playwright/test';
import type { SerialLookupRow } from '../../src/shared/serials';
import { rowAction } from './grid';
import { confirmedOrder, releasedWave } from './outboundApi';
import { callApi, confirmOk, filterList, login, openScreen, pickOption, putStock, rows, setLanguage, shot } from './ui';

// Serials at the console pick dialog and the packing desk (src/server/modules/serials/README.md, "Channels"): two
// power banks (ACME-0082, serial-controlled, used by no other spec) are put in with their serials, ordered and
// released in a wave of this spec's own (outboundApi.ts); the pick dialog asks one serial per unit and refuses too few
// before the server is asked (Chinese), then picks with them (English); the packing desk (English) asks the serials of
// the line packed and refuses a serial typed twice, then closes the carton; the look-up API shows both serials in it.

const ITEM = 'ACME-0082';
const LOCATION = 'A03-09-1';
/** Below the kiosk deliveries' (96) and the other specs' (98, 99): their wave loads never hold this order. */
const PRIORITY = 95;
/** A staging lane no other spec or demo wave uses. */
const STAGING = 'STG-OUT-08';

const openDialog = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"][open]`);

test('the pick dialog and the packing desk ask the serials of a serial-controlled item, in Chinese and in English', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36).toUpperCase();
  const serials = [`PK${run}A`, `PK${run}B`];
  const orderNumber = `E2E-SNP-${run}`;
  await login(page);

  // Two power banks in stock with their serials (an adjustment up names them), ordered and released.
  const attributes = { genericAttrValue1: 'PB-10K', genericAttrValue2: '深圳 Shenzhen', genericAttrValue3: 'V2' };
  const stock = { locationId: LOCATION, itemNumber: ITEM, uom: 'EA', qty: '2', ...attributes, serialNumbers: serials.join('\n') };
  await putStock(page, `e2e serials ${run}`, [stock]);
  await confirmedOrder(page, orderNumber, PRIORITY, [{ itemNumber: ITEM, qty: '2', orderUom: 'EA', ...attributes }]);
  const waveId = await releasedWave(page, { orderNumbers: [orderNumber], priority: PRIORITY, staging: STAGING });

  // 拣货任务: the confirm dialog asks two serials; one is refused before the server is asked.
  await openScreen(page, '出库管理', '拣货任务', /\/Wms\/TWavePickTask/);
  await filterList(page, 'tWavePickTask', { waveId }, 1);
  await rows(page, 'tWavePickTask').first().getByTestId('row-pick').click();
  const pickDialog = openDialog(page, 'pick-dialog');
  await expect(pickDialog.getByTestId('pick-location')).toHaveJSProperty('value', LOCATION);
  const pickSerials = pickDialog.getByTestId('pick-serials');
  await pickSerials.locator('textarea').fill(serials[0] as string);
  await expect(pickSerials).toContainText('已录入 1 / 需要 2');
  await pickDialog.getByTestId('pick-submit').click();
  await expect(pickDialog.getByTestId('pick-problem')).toContainText('需要同样多个序列号，实际录入 1 个');
  await pickSerials.locator('textarea').fill(serials.join('\n'));
  await shot(page, 'serials-pick-dialog-zh');
  await pickDialog.getByRole('button', { name: '取消' }).click();
  await expect(pickDialog).toHaveCount(0);

  // In English: picked with both serials. Then the packing desk: the line packed asks its serials; a serial typed
  // twice is refused before the server is asked, then the carton closes.
  await setLanguage(page, 'English');
  await rows(page, 'tWavePickTask').first().getByTestId('row-pick').click();
  await pickSerials.locator('textarea').fill(serials.join('\n'));
  await expect(pickSerials).toContainText('2 of 2 entered');
  await shot(page, 'serials-pick-dialog-en');
  await pickDialog.getByTestId('pick-submit').click();
  await confirmOk(page);
  await expect(pickDialog).toHaveCount(0);
  await expect(page.getByText(/Picked 2/).first()).toBeVisible();

  await openScreen(page, 'Outbound', 'Carton picking', /\/Wms\/CartonPick/);
  const desk = page.getByTestId('carton-pick-page');
  await pickOption(page, desk.getByTestId('pack-whId'), /^WH01/);
  await pickOption(page, desk.getByTestId('pack-wave'), new RegExp(`^${waveId}`));
  await pickOption(page, desk.getByTestId('pack-order'), orderNumber);
  await desk.getByTestId('next-carton').click();
  const cartonNumber = ((await desk.getByTestId('carton-number').textContent()) ?? '').match(/CT[0-9A-Za-z-]+/)?.[0] ?? '';
  expect(cartonNumber).not.toBe('');
  await desk.getByTestId('pack-all-0').click();
  const packSerials = desk.getByTestId('pack-serials-0');
  await packSerials.locator('textarea').fill(`${serials[0]}\n${serials[0]}`);
  await expect(packSerials).toContainText('2 of 2 entered');
  await desk.getByTestId('pack-complete').click();
  await expect(desk.getByTestId('pack-problem')).toContainText(`Serial ${serials[0]} of item ${ITEM} given twice`);
  await packSerials.locator('textarea').fill(serials.join('\n'));
  await shot(page, 'serials-pack-desk-en');
  await desk.getByTestId('pack-complete').click();
  await confirmOk(page);
  await expect(desk.getByTestId('pack-message')).toContainText(orderNumber);

  // The look-up: both serials in the carton, still in the building (IN), picked and packed.
  for (const serialNumber of serials) {
    const found = await callApi<SerialLookupRow[]>(page, 'tblSnMaster/lookup', { whId: 'WH01', serialNumber });
    expect(found).toMatchObject([{ itemNumber: ITEM, status: 'IN', orderNumber, cartonNumber, huId: cartonNumber }]);
    expect(found[0]?.history.map((h) => h.event)).toEqual(['ADJUST_IN', 'PICK', 'PACK']);
  }

  // Split carton (English): one power bank into a new carton, its serial named in the dialog; it moves with it.
  await page.goto(`/Wms/TblShippingLabelDetail?cartonNumber=${cartonNumber}&whId=WH01&t=${run}`);
  const cartonLines = page.locator('[data-entity="tblShippingLabelDetail"]').filter({ visible: true });
  await (await rowAction(cartonLines, 0, 'split')).click();
  const split = openDialog(page, 'split-dialog');
  await split.getByTestId('split-qty').locator('input').fill('1');
  const splitSerials = split.getByTestId('split-serials');
  await splitSerials.locator('textarea').fill(serials.join('\n'));
  await expect(splitSerials).toContainText('2 of 1 entered');
  await pickOption(page, split.getByTestId('split-cartonType'), /^S\s/);
  await split.getByTestId('split-submit').click();
  await expect(split.getByTestId('error-serials')).toContainText('needs as many serial numbers, 2 given');
  await splitSerials.locator('textarea').fill(serials[1] as string);
  await shot(page, 'serials-split-dialog-en');
  await split.getByTestId('split-submit').click();
  await confirmOk(page);
  await expect(split).toHaveCount(0);
  const [moved] = await callApi<SerialLookupRow[]>(page, 'tblSnMaster/lookup', { whId: 'WH01', serialNumber: serials[1] });
  expect(moved?.cartonNumber).not.toBe(cartonNumber);
  expect(moved?.history.map((h) => h.event)).toEqual(['ADJUST_IN', 'PICK', 'PACK', 'SPLIT']);
});
