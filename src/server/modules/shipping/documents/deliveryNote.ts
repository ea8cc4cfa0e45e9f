/**
 * The A4 delivery note (交接单): the hand-over of one delivery's cartons to its carrier. Head with the delivery number
 * as Code 128, the warehouse and the carrier, a carton table with totals, the hand-over sentence and signature boxes
 * for the warehouse and the driver (name, signature, date; the driver's vehicle). As a proof of delivery, the boxes
 * are taller and the driver's signature is printed legibly: at least 25 mm high, the pad's aspect kept, strokes at
 * least 0.6 pt (`drawSignature`).
 */
import { BlendMode, type PDFImage } from 'pdf-lib';
import type { DeliveryData, DocumentLanguage, ProofOfDelivery } from './documents.types';
import { BLACK, formatTime, MM, oneLine, openDocument, rule, text, trimDecimal } from './pdfKit';
import { CONTENT_WIDTH, Sheet } from './sheet';
import { texts } from './texts';

/**
 * The signing time printed is the server's; the station's clock is printed beside it only when the two differ by more
 * than this. Two minutes covers clocks that drift a little and the seconds between the driver's confirmation and the
 * server's receipt; more is a wrong clock, or a hand-over the station kept while offline and sent later — either way
 * worth showing to whoever reads the proof.
 */
export const STATION_CLOCK_TOLERANCE_MS = 2 * 60 * 1000;

/** The driver's signature on a proof: never lower than this (a signature 10 mm high could not be read or compared). */
export const SIGNATURE_MIN_HEIGHT = 25 * MM;
/** …and this high when the pad's aspect lets it (the signature area of the driver's box). */
const SIGNATURE_HEIGHT = 30 * MM;
/**
 * The thinnest stroke printed, in points. The station's pad draws 3.5 px lines on a pad some 600–900 px high, so at
 * 25–30 mm they would print 0.25–0.4 pt, too faint on a thermal or worn laser printer: the image is drawn again shifted
 * by SIGNATURE_SPREAD in eight directions (multiplied, so ink only darkens), which widens every stroke by at least
 * 2 × SIGNATURE_SPREAD × cos 22.5° ≥ 0.6 pt — a dilation done by the PDF, for any PNG, without decoding it here.
 */
export const SIGNATURE_MIN_STROKE = 0.6;
const SIGNATURE_SPREAD = SIGNATURE_MIN_STROKE / 2 / Math.cos(Math.PI / 8);
/** Rows of both signature boxes on a proof: the driver's signature area takes four of them (see `fillProof`). */
const PROOF_ROWS = 7;

export async function buildDeliveryNote(
  data: DeliveryData,
  language: DocumentLanguage,
  printedAt: string,
  proof?: ProofOfDelivery,
) {
  const t = texts(language);
  // A proof of delivery is the delivery note with the hand-over filled in (docs/flows.md "Documents").
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

  // Hand-over sentence and the two signature boxes, kept together (with a proof's wide signature below them, if any).
  const rows = proof ? PROOF_ROWS : 4;
  const boxHeight = (12 + rows * 11) * MM;
  const half = (CONTENT_WIDTH - 8 * MM) / 2;
  const image = proof ? await sheet.pdf.embedPng(proof.signaturePng.bytes) : undefined;
  const wide = image ? signatureSize(image, half - 6 * MM) === null : false;
  const below = image && wide ? (signatureSize(image, CONTENT_WIDTH)?.height ?? SIGNATURE_MIN_HEIGHT) + 10 * MM : 0;
  sheet.gap(5);
  sheet.ensure(boxHeight + below + 14 * MM);
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
  const boxTop = sheet.y;
  sheet.signatureBox(sheet.left, half, t('doc.signWarehouse'), [t('doc.name'), t('doc.signature'), t('doc.date')], rows);
  const driver = [t('doc.name'), t('doc.vehicle')];
  // A proof draws the driver's signature and date rows itself (fillProof): the signature takes four rows' height.
  sheet.signatureBox(
    sheet.left + half + 8 * MM,
    half,
    t('doc.signDriver'),
    proof ? driver : [...driver, t('doc.signature'), t('doc.date')],
    rows,
  );
  if (proof && image) fillProof(sheet, proof, image, { top: boxTop, half, wide });
  sheet.y -= boxHeight;
  if (image && wide) {
    // A pad too wide for the driver's box at 25 mm: its signature spans the page under both boxes.
    sheet.gap(4);
    text(sheet.page, `${t('doc.signDriver')} · ${t('doc.signature')}`, sheet.left, sheet.y - 10, { font: fonts.bold, size: 10 });
    const size = signatureSize(image, CONTENT_WIDTH) ?? fitWidth(image, CONTENT_WIDTH);
    drawSignature(sheet, image, sheet.left, sheet.y - 14 - size.height, size);
    sheet.y -= below;
  }
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

/** The signature's printed size in a space `width` points wide: 30 mm high, less if it must, never under 25 mm (null). */
function signatureSize(image: PDFImage, width: number): { width: number; height: number } | null {
  const height = Math.min(SIGNATURE_HEIGHT, (width * image.height) / image.width);
  return height < SIGNATURE_MIN_HEIGHT - 1e-9 ? null : { width: (height * image.width) / image.height, height };
}

/** The signature across `width` points, aspect kept (a pad wider than any station makes: under 25 mm, said in README). */
const fitWidth = (image: PDFImage, width: number) => ({ width, height: (width * image.height) / image.width });

/** The signature image at (x, y) in `size`, its strokes widened to at least SIGNATURE_MIN_STROKE (see there). */
function drawSignature(sheet: Sheet, image: PDFImage, x: number, y: number, size: { width: number; height: number }): void {
  for (let k = 0; k <= 8; k++) {
    const angle = (k * Math.PI) / 4;
    const spread = k === 8 ? 0 : SIGNATURE_SPREAD;
    sheet.page.drawImage(image, {
      x: x + spread * Math.cos(angle),
      y: y + spread * Math.sin(angle),
      ...size,
      blendMode: BlendMode.Multiply,
    });
  }
}

/**
 * Writes the hand-over into the signature boxes (their rows: see `Sheet.signatureBox`): the warehouse's user and time,
 * the driver's name and vehicle plate; then the driver's signature row (label, the signature in a 30 mm area across the
 * box, unless `wide` puts it under both boxes) and the signing time on the last row.
 */
function fillProof(
  sheet: Sheet,
  proof: ProofOfDelivery,
  image: PDFImage,
  at: { top: number; half: number; wide: boolean },
): void {
  const { regular } = sheet.fonts;
  const row = (i: number) => at.top - (17 + i * 11) * MM;
  const value = (x: number, i: number, v: string) =>
    text(sheet.page, v, x + 24 * MM, row(i) + 1, { font: regular, size: 10, maxWidth: at.half - 30 * MM });
  const label = (x: number, i: number, v: string) => {
    text(sheet.page, v, x + 3 * MM, row(i), { font: regular, size: 9 });
    rule(sheet.page, x + 22 * MM, row(i) - 1.5, x + at.half - 4 * MM, row(i) - 1.5, 0.5, BLACK);
  };
  const t = sheet.t;
  const left = sheet.left;
  const right = sheet.left + at.half + 8 * MM;
  value(left, 0, proof.userName);
  value(left, 2, formatTime(proof.signedAt));
  value(right, 0, proof.driverName);
  value(right, 1, proof.vehiclePlate);
  // Row 2 is the signature's label; the area under it runs to row 5 (33 mm), the date is on row 6.
  text(sheet.page, t('doc.signature'), right + 3 * MM, row(2), { font: regular, size: 9 });
  const area = { x: right + 3 * MM, width: at.half - 6 * MM, bottom: row(5) - 2 * MM };
  const size = signatureSize(image, area.width);
  if (!at.wide && size) drawSignature(sheet, image, area.x + (area.width - size.width) / 2, area.bottom, size);
  rule(sheet.page, area.x, area.bottom - 1.5, area.x + area.width, area.bottom - 1.5, 0.5, BLACK);
  label(right, PROOF_ROWS - 1, t('doc.date'));
  value(right, PROOF_ROWS - 1, formatTime(proof.signedAt));
}
