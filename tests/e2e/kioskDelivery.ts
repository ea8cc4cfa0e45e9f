/**
 * Open deliveries of a spec's own, made through the API as the office would (the demo's are other specs'): stock of a lot
 * of its own put in, one order per delivery asking for that lot, a wave of its own loaded with them (ACME's priority
 * profile, only these orders selected), released and picked, each order packed into one carton, labelled and put into a
 * delivery of its own, left open for a dock station's hand-over.
 */
import type { Page } from '@playwright/test';
import { confirmedOrder, pickedWave } from './outboundApi';
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
    await confirmedOrder(office, orderNumber, PRIORITY, [{ itemNumber: YOGURT, qty: '2', orderUom: 'CUP', lotNumber: lot }]);
  }
  const waveId = await pickedWave(office, { orderNumbers, priority: PRIORITY, staging: STAGING });

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
