/**
 * The A4 delivery note (交接单): the hand-over of one delivery's cartons to its carrier. Head with the delivery number
 * as Code 128, the warehouse and the carrier, a carton table with totals, the hand-over sentence and signature boxes
 * for the warehouse and the driver (name, signature, date; the driver's vehicle).
 */
import type { DeliveryData, DocumentLanguage, ProofOfDelivery } from './documents.types';
import { formatTime, MM, oneLine, openDocument, text, trimDecimal } from './pdfKit';
import { CONTENT_WIDTH, Sheet } from './sheet';
import { texts } from './texts';

/**
 * The signing time printed is the server's; the station's clock is printed beside it only when the two differ by more
 * than this. Two minutes covers clocks that drift a little and the seconds between the driver's confirmation and the
 * server's receipt; more is a wrong clock, or a hand-over the station kept while offline and sent later — either way
 * worth showing to whoever reads the proof.
 */
export const STATION_CLOCK_TOLERANCE_MS = 2 * 60 * 1000;

export async function buildDeliveryNote(
  data: DeliveryData,
  language: DocumentLanguage,
  printedAt: string,
  proof?: ProofOfDelivery,
) {
  const t = texts(language);
  // A proof of delivery is the delivery note with the hand-over filled in (FLOWS.md "Documents").
  const title = proof ? `${t('doc.deliveryNote')} · ${t('doc.proofOfDelivery')}` : t('doc.deliveryNote');
  const { pdf, fonts } = await openDocument(`${title} ${data.deliveryNumber}`, language);
  const sheet = new Sheet(pdf, fonts, t, `${title} ${data.deliveryNumber}`);
  sheet.running = `${title} ${data.deliveryNumber}`;
  sheet.newPage();
  const carrier = `${oneLine(data.carrierName)} (${data.carrierCode})`;
  sheet.titleBlock(title, carrier, data.deliveryNumber);

  const status = data.status === 'O' || data.status === 'S' ? t(`doc.status.${data.status}`) : data.status;
  sheet.fields([
    [
      [t('doc.warehouse'), `${oneLine(data.from.name)} (${data.from.whId})`],
      [t('doc.address'), data.from.address],
      [t('doc.phone'), data.from.phone ?? ''],
    ],
    [
      [t('doc.carrier'), carrier],
      [t('doc.deliveryNumber'), data.deliveryNumber],
      [t('doc.status'), status],
      [t('doc.createTime'), `${formatTime(data.createTime)}${data.createBy ? `  ${data.createBy}` : ''}`],
      ...(data.shipTime ? [[t('doc.shipTime'), formatTime(data.shipTime)] as [string, string]] : []),
    ],
  ]);
  sheet.gap(4);

  sheet.table(
    [
      { title: t('doc.no'), width: 10, align: 'right' },
      { title: t('doc.cartonNumber'), width: 28 },
      { title: t('doc.expressNumber'), width: 34 },
      { title: t('doc.orderNumber'), width: 28 },
      { title: t('doc.shipTo'), width: 48, maxLines: 2 },
      { title: t('doc.cartonType'), width: 14, align: 'center' },
      { title: t('doc.weightKg'), width: 18, align: 'right' },
    ],
    [
      ...data.cartons.map((c, i) => ({
        cells: [
          String(i + 1),
          c.cartonNumber,
          c.shipLabelBarcode,
          c.orderNumber,
          [oneLine(c.shipToName), oneLine(c.shipToCity)].filter(Boolean).join(' · '),
          c.cartonType,
          trimDecimal(c.weight) || '—',
        ],
      })),
      {
        cells: [
          '',
          t('doc.total'),
          t('doc.cartonsN', { n: data.totals.cartons }),
          t('doc.ordersN', { n: data.totals.orders }),
          '',
          '',
          trimDecimal(data.totals.weight),
        ],
        bold: true,
        shade: true,
      },
    ],
  );

  // Hand-over sentence and the two signature boxes, kept together.
  const boxHeight = (12 + 4 * 11) * MM;
  sheet.gap(5);
  sheet.ensure(boxHeight + 14 * MM);
  text(
    sheet.page,
    t('doc.totalLine', { cartons: data.totals.cartons, orders: data.totals.orders, weight: trimDecimal(data.totals.weight) }),
    sheet.left,
    sheet.y - 10,
    {
      font: fonts.bold,
      size: 10,
    },
  );
  text(sheet.page, t('doc.handOver'), sheet.left, sheet.y - 24, { font: fonts.regular, size: 9.5, maxWidth: CONTENT_WIDTH });
  sheet.gap(12);
  const half = (CONTENT_WIDTH - 8 * MM) / 2;
  const boxTop = sheet.y;
  sheet.signatureBox(sheet.left, half, t('doc.signWarehouse'), [t('doc.name'), t('doc.signature'), t('doc.date')], 4);
  sheet.signatureBox(sheet.left + half + 8 * MM, half, t('doc.signDriver'), [
    t('doc.name'),
    t('doc.vehicle'),
    t('doc.signature'),
    t('doc.date'),
  ]);
  if (proof) await fillProof(sheet, proof, { top: boxTop, half });
  sheet.y -= boxHeight;
  if (proof) {
    sheet.gap(5);
    const stationClock = Date.parse(proof.stationSignedAt);
    const differs = !(Math.abs(stationClock - Date.parse(proof.signedAt)) <= STATION_CLOCK_TOLERANCE_MS);
    const time = formatTime(proof.signedAt);
    const line = t('doc.proofLine', {
      time: differs ? `${time}${t('doc.stationClock', { time: formatTime(proof.stationSignedAt) })}` : time,
      station: proof.stationName,
      carrier: proof.carrierCode,
      user: proof.userName,
    });
    text(sheet.page, line, sheet.left, sheet.y - 10, { font: fonts.regular, size: 9, maxWidth: CONTENT_WIDTH });
    sheet.gap(6);
  }

  sheet.finish(printedAt);
  const bytes = await pdf.save({ useObjectStreams: true });
  return { bytes, pages: sheet.pages.length };
}

/**
 * Writes the hand-over into the signature boxes (their rows: see `Sheet.signatureBox`): the warehouse's user and time,
 * the driver's name, vehicle plate, signature image (scaled into its row) and signing time.
 */
async function fillProof(sheet: Sheet, proof: ProofOfDelivery, at: { top: number; half: number }): Promise<void> {
  const { regular } = sheet.fonts;
  const row = (i: number) => at.top - (17 + i * 11) * MM;
  const value = (x: number, i: number, v: string) =>
    text(sheet.page, v, x + 24 * MM, row(i) + 1, { font: regular, size: 10, maxWidth: at.half - 30 * MM });
  const left = sheet.left;
  const right = sheet.left + at.half + 8 * MM;
  value(left, 0, proof.userName);
  value(left, 2, formatTime(proof.signedAt));
  value(right, 0, proof.driverName);
  value(right, 1, proof.vehiclePlate);
  value(right, 3, formatTime(proof.signedAt));
  const image = await sheet.pdf.embedPng(proof.signaturePng.bytes);
  const box = { width: at.half - 30 * MM, height: 10 * MM };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  sheet.page.drawImage(image, {
    x: right + 24 * MM,
    y: row(2) - 1.5,
    width: image.width * scale,
    height: image.height * scale,
  });
}
