import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, login, openScreen, pickOption, setLanguage, shot } from './ui';

// Serial numbers at the receiving desk and the serial look-up (src/server/modules/serials/README.md), in Chinese then
// in English: a PO of the serial-controlled power bank ACME-0010 (its attributes fixed on the line) is received at item
// location A01-01-1; the receipt dialog asks one serial per unit and says so before the server is asked; the look-up
// screen shows the serial's item, state, place and history.

async function createPo(request: APIRequestContext, poNumber: string): Promise<void> {
  const login = await request.post('/api/login', { data: { ...ADMIN, captcha: '' } });
  const headers = { token: (await login.json()).data.token as string };
  const master = { whId: 'WH01', clientCode: 'ACME', poNumber, typeId: 'STD', vendorCode: 'V-MENGNIU', appointmentStatus: 'N' };
  expect((await (await request.post('/api/tPoMaster/save', { headers, data: master })).json()).code).toBe(200);
  const line = {
    whId: 'WH01',
    poNumber,
    lineNumber: 1,
    itemNumber: 'ACME-0010',
    qty: '10',
    orderUom: 'EA',
    genericAttrValue1: 'PB-10K',
    genericAttrValue2: '深圳 Shenzhen',
    genericAttrValue3: 'V2',
  };
  expect(await (await request.post('/api/tPoDetail/save', { headers, data: line })).json()).toMatchObject({ code: 200 });
}

const dialog = (page: Page) => page.getByTestId('receipt-dialog');
const serialsField = (page: Page) => dialog(page).getByTestId('receipt-serials').locator('textarea');

/** Receives `serials.length` units of line 1 with these serials (first one too few, which the dialog refuses). */
async function receiveWithSerials(page: Page, serials: string[], tooFew: RegExp, received: RegExp): Promise<void> {
  await page.locator('[data-testid="receiving-page"] [role="row"][row-index="0"]').getByTestId('row-receive').click();
  await dialog(page).getByTestId('receipt-qty').locator('input').fill(String(serials.length));
  await expect(dialog(page).getByTestId('receipt-serials')).toBeVisible();
  await serialsField(page).fill(serials.slice(1).join('\n'));
  await dialog(page).getByTestId('receipt-submit').click();
  await expect(dialog(page).getByTestId('receipt-problem')).toContainText(tooFew);
  await serialsField(page).fill(serials.join('\n'));
  await dialog(page).getByTestId('receipt-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(received).first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

async function lookUp(page: Page, serial: string): Promise<void> {
  await page.getByTestId('serial-lookup-input').locator('input').fill(serial);
  await page.getByTestId('serial-lookup-search').click();
  await expect(page.getByTestId('serial-lookup-state')).toContainText(serial);
}

test('serials are captured at the receiving desk and looked up with their history, in Chinese and in English', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const poNumber = `E2E-SN-${run}`;
  const serials = [`SN${run}A`, `SN${run}B`, `SN${run}C`];
  await createPo(request, poNumber);
  await login(page);

  // 收货作业: WH01 / ACME, the PO typed, item location A01-01-1.
  await openScreen(page, '入库管理', '收货作业', /\/Wms\/Receiving/);
  await pickOption(page, page.getByTestId('receiving-whId'), /^WH01/);
  await pickOption(page, page.getByTestId('receiving-clientCode'), /ACME/);
  await page.getByTestId('receiving-po').locator('input').fill(poNumber);
  await page.getByTestId('receiving-po').locator('input').press('Enter');
  await expect(page.getByTestId('receiving-header')).toContainText(poNumber);
  await page.getByTestId('receiving-location').locator('input').fill('A01-01-1');

  await page.locator('[data-testid="receiving-page"] [role="row"][row-index="0"]').getByTestId('row-receive').click();
  await dialog(page).getByTestId('receipt-qty').locator('input').fill('2');
  await serialsField(page).fill(serials[0] as string);
  await expect(dialog(page).getByTestId('receipt-serials')).toContainText('已录入 1 / 需要 2');
  await shot(page, 'serials-receipt-zh');
  await dialog(page).getByTestId('receipt-cancel').click();
  await receiveWithSerials(page, serials.slice(0, 2), /需要同样多个序列号，实际录入 1 个/, /收货成功/);

  // 序列号查询: the first serial is in stock at A01-01-1, received by the receipt.
  await openScreen(page, '库存管理', '序列号查询', /\/Wms\/SerialLookup/);
  await pickOption(page, page.getByTestId('serial-lookup-warehouse'), /^WH01/);
  await lookUp(page, serials[0] as string);
  await expect(page.getByTestId('serial-lookup-status')).toHaveText('在库');
  await expect(page.getByTestId('serial-lookup-where')).toContainText('库位 A01-01-1');
  const history = page.locator('[data-testid="serial-lookup-page"] [role="row"][row-index]');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('收货');
  await expect(history.first()).toContainText('收货单 RC');
  await shot(page, 'serials-lookup-zh');
  await page.getByTestId('serial-lookup-input').locator('input').fill(`NO-${run}`);
  await page.getByTestId('serial-lookup-search').click();
  await expect(page.getByTestId('serial-lookup-none')).toContainText(`仓库 WH01 中没有序列号 NO-${run}`);

  // English: a serial already in stock is refused by the server (the dialog stays open); the third unit is received.
  await setLanguage(page, 'English');
  await openScreen(page, 'Inbound', 'Receiving', /\/Wms\/Receiving/);
  await page.locator('[data-testid="receiving-page"] [role="row"][row-index="0"]').getByTestId('row-receive').click();
  await dialog(page).getByTestId('receipt-qty').locator('input').fill('2');
  await serialsField(page).fill(serials[2] as string);
  await dialog(page).getByTestId('receipt-submit').click();
  await expect(dialog(page).getByTestId('receipt-problem')).toContainText(
    'a quantity of 2 (base unit) needs as many serial numbers, 1 given',
  );
  await serialsField(page).fill(`${serials[2]}\n${serials[0]}`);
  await dialog(page).getByTestId('receipt-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(`Serial ${serials[0]} of item ACME-0010 given twice`).first()).toBeVisible();
  await dialog(page).getByTestId('receipt-qty').locator('input').fill('1');
  await serialsField(page).fill(serials[2] as string);
  await expect(dialog(page).getByTestId('receipt-serials')).toContainText('1 of 1 entered');
  await shot(page, 'serials-receipt-en');
  await dialog(page).getByTestId('receipt-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(/Received, receipt number/).first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await openScreen(page, 'Inventory', 'Serial look-up', /\/Wms\/SerialLookup/);
  await pickOption(page, page.getByTestId('serial-lookup-warehouse'), /^WH01/);
  await lookUp(page, serials[2] as string);
  await expect(page.getByTestId('serial-lookup-status')).toHaveText('In stock');
  await expect(page.getByTestId('serial-lookup-where')).toContainText('Location A01-01-1');
  await expect(history.first()).toContainText('Received');
  await expect(history.first()).toContainText('Receipt RC');
  await shot(page, 'serials-lookup-en');
});
