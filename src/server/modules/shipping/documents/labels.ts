/**
 * The 100 × 150 mm shipping label, one page per carton (README "Documents"). Top to bottom: the carrier (name big,
 * code in a black box), the express number as Code 128 with its text, ship-to (收 / TO), from (寄 / FROM), a grid of
 * order, wave, carton n of m, carton type, weight and units, the carton number as Code 128 beside a QR of `qrText`,
 * and the print time. Positions are in mm from the top-left corner; barcodes sit on the 203.2-dpi dot grid.
 */
import type { PDFPage } from 'pdf-lib';
import type { DocumentLanguage, LabelData } from './documents.types';
import {
  BLACK,
  box,
  drawCode128,
  drawQr,
  type Fonts,
  fitSize,
  formatTime,
  GREY,
  LABEL,
  MM,
  measure,
  oneLine,
  openDocument,
  rule,
  text,
  trimDecimal,
  WHITE,
  wrapLines,
} from './pdfKit';
import { texts } from './texts';

const [W, H] = LABEL;
/** PDF x of a distance from the left edge in mm. */
const X = (mm: number) => mm * MM;
/** PDF y of a distance from the top edge in mm. */
const Y = (mm: number) => H - mm * MM;

/** The ship-to address line: the city first unless the address already names it. */
function addressWithCity(address: string, city: string | null): string {
  const a = oneLine(address);
  const c = oneLine(city);
  if (!c || a.includes(c)) return a;
  return `${c} ${a}`;
}

function drawLabel(page: PDFPage, label: LabelData, fonts: Fonts, t: ReturnType<typeof texts>, language: DocumentLanguage): void {
  const { regular, bold } = fonts;
  const zh = language === 'zh_cn';

  // Frame and section rules.
  box(page, X(2), Y(148), W - X(4), X(146), 1.2);
  for (const at of [17, 44, 78, 96, 114, 143]) rule(page, X(2), Y(at), X(98), Y(at), at === 44 || at === 114 ? 1.2 : 0.8);

  // Carrier: name as big as fits, code white on black.
  const carrier = oneLine(label.carrierName) || label.carrierCode;
  const carrierSize = fitSize(carrier, bold, 22, X(70), 11);
  text(page, carrier, X(4.5), Y(12.2), { font: bold, size: carrierSize, maxWidth: X(72) });
  page.drawRectangle({ x: X(76), y: Y(15), width: X(20), height: X(11), color: BLACK });
  const code = oneLine(label.carrierCode);
  text(page, code, X(86), Y(11.6), { font: bold, size: fitSize(code, bold, 15, X(18), 7), color: WHITE, align: 'center' });

  // Express number: Code 128, then caption and number.
  drawCode128(page, label.shipLabelBarcode, { x: W / 2, y: Y(36.5), height: 17 * MM, maxWidth: X(94), align: 'center' });
  const caption = t('label.waybill');
  const captionWidth = measure(regular, caption, 8) + 2 * MM;
  const numberSize = fitSize(label.shipLabelBarcode, bold, 14, X(88) - captionWidth, 8);
  const numberWidth = measure(bold, label.shipLabelBarcode, numberSize);
  const lineLeft = W / 2 - (captionWidth + numberWidth) / 2;
  text(page, caption, lineLeft, Y(41.6), { font: regular, size: 8 });
  text(page, label.shipLabelBarcode, lineLeft + captionWidth, Y(41.6), { font: bold, size: numberSize });

  // Ship to.
  const side = (word: string, top: number, bottom: number) => {
    rule(page, X(12), Y(top), X(12), Y(bottom), 0.8);
    const size = fitSize(word, bold, zh ? 20 : 12, X(9), 6);
    text(page, word, X(7), (Y(top) + Y(bottom)) / 2 - size * 0.36, { font: bold, size, align: 'center' });
  };
  side(t('label.to'), 44, 78);
  const name = oneLine(label.shipTo.name);
  const phone = oneLine(label.shipTo.phone);
  const phoneWidth = phone ? measure(bold, phone, 11) : 0;
  text(page, name, X(14), Y(50), { font: bold, size: 12, maxWidth: X(82) - phoneWidth - X(4) });
  if (phone) text(page, phone, X(96), Y(50), { font: bold, size: 11, align: 'right' });
  const address = wrapLines(addressWithCity(label.shipTo.address, label.shipTo.city), regular, 10, X(82), 4);
  address.forEach((line, i) => {
    text(page, line, X(14), Y(55.6 + i * 4.6), { font: regular, size: 10 });
  });
  if (label.customerName) {
    text(page, `${t('label.customer')}  ${oneLine(label.customerName)}`, X(14), Y(76), {
      font: regular,
      size: 7,
      color: GREY,
      maxWidth: X(82),
    });
  }

  // From.
  side(t('label.from'), 78, 96);
  const fromPhone = oneLine(label.from.phone);
  const fromPhoneWidth = fromPhone ? measure(regular, fromPhone, 8.5) : 0;
  text(page, label.from.name, X(14), Y(82.6), { font: bold, size: 9, maxWidth: X(82) - fromPhoneWidth - X(4) });
  if (fromPhone) text(page, fromPhone, X(96), Y(82.6), { font: regular, size: 8.5, align: 'right' });
  wrapLines(label.from.address, regular, 8, X(82), 2).forEach((line, i) => {
    text(page, line, X(14), Y(87.4 + i * 3.8), { font: regular, size: 8 });
  });

  // Grid: order, wave, carton n of m / carton type, weight, units.
  rule(page, X(2), Y(105), X(98), Y(105), 0.5);
  const columns: [number, number][] = [
    [2, 42],
    [42, 70],
    [70, 98],
  ];
  for (const [x] of columns.slice(1)) rule(page, X(x), Y(96), X(x), Y(114), 0.5);
  const cells: [string, string, number][] = [
    [t('label.order'), label.orderNumber, 10],
    [t('label.wave'), label.waveId, 10],
    [t('label.carton'), t('label.cartonOf', { seq: label.cartonSeq, count: label.cartonCount }), 12],
    [t('label.cartonType'), label.cartonType, 10],
    [t('label.weight'), label.weight ? `${trimDecimal(label.weight)} kg` : '—', 10],
    [t('label.qty'), trimDecimal(label.totalQty), 10],
  ];
  cells.forEach(([captionText, value, size], i) => {
    const [from, to] = columns[i % 3] ?? [2, 42];
    const top = i < 3 ? 96 : 105;
    const width = X(to - from - 3);
    text(page, captionText, X(from + 1.5), Y(top + 3), { font: regular, size: 6.5, color: GREY, maxWidth: width });
    text(page, value, X(from + 1.5), Y(top + 7.6), { font: bold, size: fitSize(value, bold, size, width, 7), maxWidth: width });
  });

  // Carton number and QR.
  rule(page, X(70), Y(114), X(70), Y(143), 0.5);
  text(page, t('label.cartonNumber'), X(4), Y(117.6), { font: regular, size: 6.5, color: GREY });
  const carton = drawCode128(page, label.cartonNumber, {
    x: X(36),
    y: Y(134),
    height: 14.5 * MM,
    maxWidth: X(66),
    align: 'center',
  });
  text(page, label.cartonNumber, carton.left + carton.width / 2, Y(139.2), {
    font: bold,
    size: fitSize(label.cartonNumber, bold, 12, X(64), 7),
    align: 'center',
  });
  // QR centred in its 28 × 29 mm cell (the 4-module quiet zone stays inside the cell).
  drawQr(page, label.qrText, { x: X(84), top: Y(117.6), maxSize: 21.8 * MM, align: 'center' });

  // Footer.
  text(page, t('label.printedAt', { time: formatTime(label.printedAt) }), X(4), Y(146.6), { font: regular, size: 6.5 });
  text(page, t('label.client', { client: label.clientCode }), X(96), Y(146.6), {
    font: regular,
    size: 6.5,
    align: 'right',
    maxWidth: X(40),
  });
}

/** One page per label, in the order given. */
export async function buildLabels(
  labels: readonly LabelData[],
  language: DocumentLanguage,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const t = texts(language);
  const { pdf, fonts } = await openDocument(t('label.title'), language);
  for (const label of labels) drawLabel(pdf.addPage(LABEL), label, fonts, t, language);
  const bytes = await pdf.save({ useObjectStreams: true });
  return { bytes, pages: labels.length };
}
