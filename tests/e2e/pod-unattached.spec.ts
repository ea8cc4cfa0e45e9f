import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { rowButton } from './grid';
import { adminId, bindStation, delivery } from './kioskStation';
import { callApi, login, setLanguage, shot } from './ui';

// Issue 25 item 2: a driver's signature a delivery could not take (the station's confirm refused) is kept at the server
// as an unattached proof. The office sees them from the Deliveries screen ("未关联签收 / Unattached proofs" with a
// count): views a signature, discards one with a reason (in Chinese), attaches another to a delivery shipped from a desk
// without a proof (in English); that delivery then offers its proof of delivery.

/** A station as the dock's browser is: enrolled with a key of its own, bound from the console, the admin signed in by PIN. */
async function stationSession(office: Page): Promise<{ key: string; token: string }> {
  const key = randomBytes(32).toString('base64url');
  const enrolled = await office.request.post('/api/kiosk/enrol', { data: { stationKey: key } });
  const code = ((await enrolled.json()) as { data: { code: string } }).data.code;
  await bindStation(office, code, { name: 'E2E-UNATT', idleSeconds: 120 });
  await callApi(office, 'user/setPin', { id: await adminId(office), pin: '1357' });
  const res = await office.request.post('/api/kiosk/login/pin', {
    headers: { 'x-station-key': key },
    data: { account: 'admin', pin: '1357' },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(200);
  return { key, token: body.data.token };
}

/** A signature as the pad makes it: a stroke on a canvas, PNG, base64. */
async function signaturePng(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 200;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 600, 200);
    g.lineWidth = 4;
    g.beginPath();
    g.moveTo(40, 150);
    for (let x = 40; x < 560; x += 20) g.lineTo(x, 100 + 50 * Math.sin(x / 40));
    g.stroke();
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
}

/** The station's signed hand-over of a delivery the server does not know: kept as an unattached proof. */
async function refusedHandover(
  office: Page,
  station: { key: string; token: string },
  deliveryNumber: string,
  driverName: string,
) {
  const res = await office.request.post('/api/kiosk/delivery/handover', {
    headers: { 'x-station-key': station.key, token: station.token },
    data: {
      submissionId: `e2e-${randomBytes(8).toString('hex')}`,
      whId: 'WH01',
      deliveryNumber,
      loadedCartons: ['CT-E2E-GONE'],
      driverName,
      carrierCode: 'SF',
      vehiclePlate: 'HU-A12345',
      signaturePng: await signaturePng(office),
      signedAt: new Date().toISOString(),
    },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { outcome: string; unattachedId: number } };
  expect(body.code, body.msg).toBe(200);
  expect(body.data.outcome).toBe('unattached');
  return body.data.unattachedId;
}

const podRow = (page: Page, deliveryNumber: string) =>
  page.locator('[data-entity="podUnattached"] [role="row"][row-index]').filter({ hasText: deliveryNumber });

test('unattached proofs: listed with a count, a signature viewed, one discarded (中文), one attached (English)', async ({
  page,
}) => {
  await login(page);
  const stamp = Date.now() % 1_000_000;
  const gone = { discard: `DL-GONE-${stamp}A`, attach: `DL-GONE-${stamp}B` };
  const station = await stationSession(page);
  await refusedHandover(page, station, gone.discard, '王芳');
  await refusedHandover(page, station, gone.attach, 'Li Lei');

  // The delivery the second signature belongs to: DEMO-WV-3's (DEMO-SO-3A, SF), shipped from a desk without a proof.
  const cartons = await callApi<{ content: { deliveryNumber: string | null }[] }>(page, 'tblShippingLabel/findPage', {
    pageNum: 1,
    pageSize: 10,
    columnFilters: { whId: 'WH01', orderNumber: 'DEMO-SO-3A' },
  });
  const target = cartons.content[0]?.deliveryNumber ?? '';
  expect(target).not.toBe('');
  await callApi(page, 'tblShippingLabel/shippingByDelivery', { whId: 'WH01', deliveryNumber: target });
  expect(await delivery(page, target)).toMatchObject({ status: 'S', podId: null });

  // 中文: the Deliveries screen's button says how many wait; the list names them.
  await page.goto('/Wms/TDelivery');
  const open = page.getByTestId('unattached-open');
  await expect(open).toContainText('未关联签收');
  // The count arrives after the screen: waited for, not read at once.
  const countNow = async () => Number(await open.getAttribute('data-count'));
  await expect.poll(countNow).toBeGreaterThanOrEqual(2);
  const count = await countNow();
  await open.click();
  const list = page.getByTestId('unattached-dialog');
  await expect(list).toHaveAttribute('open', '');
  await expect(podRow(page, gone.discard)).toContainText('王芳');
  // Why no delivery took it, in the reader's language; waiting.
  await expect(podRow(page, gone.discard)).toContainText('待处理');
  await expect(podRow(page, gone.discard)).toContainText(gone.discard);
  await shot(page, 'pod-unattached-01-list-zh');

  // The signature as the driver drew it.
  await podRow(page, gone.discard).getByTestId('row-pod-signature').click();
  const image = page.getByTestId('unattached-signature-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await shot(page, 'pod-unattached-02-signature-zh');
  await page.getByTestId('unattached-signature-close').click();

  // Discard: a reason is required.
  await podRow(page, gone.discard).getByTestId('row-pod-discard').click();
  const discard = page.getByTestId('unattached-discard-dialog');
  await expect(discard.getByTestId('unattached-discard-submit')).toHaveAttribute('disabled', '');
  await discard.getByTestId('unattached-discard-reason').locator('input').fill('司机签错了交接单，已重新签收');
  await shot(page, 'pod-unattached-03-discard-zh');
  await discard.getByTestId('unattached-discard-submit').click();
  await expect(podRow(page, gone.discard)).toHaveCount(0);
  await expect(open).toHaveAttribute('data-count', String(count - 1));
  const discarded = await callApi<{ deliveryNumber: string; discardReason: string; resolvedBy: string }[]>(
    page,
    'tblShippingLabel/findUnattachedPods',
    { whId: 'WH01', status: 'D' },
  );
  expect(discarded.find((p) => p.deliveryNumber === gone.discard)).toMatchObject({
    discardReason: '司机签错了交接单，已重新签收',
    resolvedBy: 'admin',
  });
  await page.getByTestId('unattached-close').click();

  // English: attach the other one to the delivery shipped from the desk.
  await setLanguage(page, 'English');
  await expect(open).toContainText(`Unattached proofs (${count - 1})`);
  await open.click();
  await expect(podRow(page, gone.attach)).toContainText('Waiting');
  await podRow(page, gone.attach).getByTestId('row-pod-attach').click();
  const attach = page.getByTestId('unattached-attach-dialog');
  // Starts from the number the station named; the shipped SF deliveries without a proof are offered.
  await expect(attach.getByTestId('unattached-attach-number').locator('input')).toHaveValue(gone.attach);
  await attach.getByTestId(`unattached-candidate-${target}`).click();
  await expect(attach.getByTestId('unattached-attach-number').locator('input')).toHaveValue(target);
  await shot(page, 'pod-unattached-04-attach-en');
  await attach.getByTestId('unattached-attach-submit').click();
  await expect(podRow(page, gone.attach)).toHaveCount(0);
  await expect(open).toHaveAttribute('data-count', String(count - 2));
  await page.getByTestId('unattached-status').click();
  await page.getByRole('option', { name: 'Attached' }).click();
  await expect(podRow(page, gone.attach)).toContainText('Attached');
  await shot(page, 'pod-unattached-05-attached-en');
  await page.getByTestId('unattached-close').click();

  // The delivery now offers its proof of delivery: the signed note, Li Lei's name on it.
  const shipped = await delivery(page, target);
  expect(shipped.podId).not.toBeNull();
  expect(shipped.podDriverName).toBe('Li Lei');
  const row = page.locator('[data-entity="tDelivery"] [role="row"][row-index]').filter({ hasText: target });
  await page.getByTestId('refresh').first().click();
  // In the row's menu (the delivery list has more actions than a row shows), enabled once the list has reloaded.
  let pod = row.getByTestId('row-pod');
  await expect(async () => {
    pod = await rowButton(row, 'pod');
    await expect(pod).not.toHaveAttribute('disabled', '', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await pod.click();
  await expect(page.getByTestId('pdf-frame')).toBeVisible();
  await shot(page, 'pod-unattached-06-pod-en');
});
