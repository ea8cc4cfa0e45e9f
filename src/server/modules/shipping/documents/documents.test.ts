/**
 * The shipping PDFs (no database): page sizes, the font embedded as a subset, the text (poppler's pdftotext), Chinese
 * glyphs really drawn (dark pixels where they stand), and the barcodes scanning back (pdftoppm at the printer's 203.2
 * dpi without anti-aliasing, then zbarimg). Each document is also rendered at 100 dpi into tests/artifacts/ to look at.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inkBox, isInk, renderPages } from '../../../../../tests/support/handPdf';
import { encodePng } from '../../../../../tests/support/png';
import { checkPng } from '../../../platform/pngGuard';
import { SIGNATURE_MIN_HEIGHT, SIGNATURE_MIN_STROKE, STATION_CLOCK_TOLERANCE_MS } from './deliveryNote';
import { sampleDelivery, sampleDispatch, sampleLabel, samplePackage } from './documents.samples';
import type { LabelData } from './documents.types';
import { renderDeliveryNote, renderDispatchList, renderLabels, renderPackingList } from './index';
import { A4, formatTime, LABEL, MM, openDocument, wrapText } from './pdfKit';
import { TEXTS } from './texts';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-documents-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function save(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** pdftotext of one page (or all), layout kept. */
function pdfText(file: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' });
}

/** The text without white space (pdftotext spaces mixed Chinese and Latin text its own way). */
const squash = (value: string) => value.replace(/\s+/g, '');
/** Asserts that the page text holds each value, white space aside. */
function expectText(text: string, values: readonly (string | undefined)[]): void {
  for (const value of values) expect(squash(text)).toContain(squash(value ?? '(missing)'));
}

/** What zbarimg reads on one page rendered as a 203.2-dpi thermal printer would print it. */
function scan(file: string, page: number): string[] {
  const prefix = path.join(dir, `scan-${path.basename(file, '.pdf')}-${page}`);
  execFileSync('pdftoppm', [
    '-r',
    '203.2',
    '-aa',
    'no',
    '-aaVector',
    'no',
    '-png',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    prefix,
  ]);
  const out = execFileSync('zbarimg', ['-q', '--raw', `${prefix}.png`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out.split('\n').filter(Boolean);
}

/** Dark pixels (< 50 % grey) of a region given in mm from the page's top-left corner, rendered at 100 dpi. */
function darkPixels(file: string, page: number, [x, y, w, h]: [number, number, number, number]): number {
  const px = (mm: number) => String(Math.round((mm / 25.4) * 100));
  const prefix = path.join(dir, `dark-${page}-${x}-${y}`);
  execFileSync('pdftoppm', [
    ...['-r', '100', '-gray', '-f', String(page), '-l', String(page), '-singlefile'],
    ...['-x', px(x), '-y', px(y), '-W', px(w), '-H', px(h), file, prefix],
  ]);
  const pgm = fs.readFileSync(`${prefix}.pgm`);
  // Binary PGM: "P5", width, height, maxval, one byte a pixel.
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a PGM');
  const pixels = pgm.subarray(header[0].length);
  return pixels.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
}

/** Writes the pages at 100 dpi into tests/artifacts/ (to look at; ignored by git). */
function artifact(file: string, name: string): void {
  const out = path.resolve('tests/artifacts');
  fs.mkdirSync(out, { recursive: true });
  execFileSync('pdftoppm', ['-r', '100', '-png', file, path.join(out, `documents-${name}`)]);
}

interface FontInfo {
  baseFont: string;
  fontFileBytes: number;
}

/** The Type0 fonts of a PDF with their embedded TrueType file's size. */
async function fontsOf(bytes: Uint8Array): Promise<FontInfo[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: FontInfo[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const baseFont = object.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
    const cid = object.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const file = descriptor.lookup(PDFName.of('FontFile2'));
    if (!(file instanceof PDFRawStream)) throw new Error(`${baseFont}: no embedded TrueType file`);
    fonts.push({ baseFont, fontFileBytes: file.getContents().length });
  }
  return fonts;
}

async function pageSizes(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => p.getSize());
}

/** PDFs drawn, rendered by poppler and read pixel by pixel or by zbar: all CPU, which CI shares between three suites. */
const PDF_TEST_MS = 120_000;

describe('shipping label (100 × 150 mm)', { timeout: PDF_TEST_MS }, () => {
  it('prints a zh_cn label: size, subset fonts, text, glyphs drawn, barcodes and QR scan back', async () => {
    const label = sampleLabel(0);
    const { bytes, pages } = await renderLabels([label], 'zh_cn');
    expect(pages).toBe(1);
    expect(bytes.length).toBeLessThan(40_000);
    const [size] = await pageSizes(bytes);
    expect(size?.width).toBeCloseTo(283.46, 1);
    expect(size?.height).toBeCloseTo(425.2, 1);
    expect(size?.width).toBeCloseTo(LABEL[0], 5);

    const fonts = await fontsOf(bytes);
    // Both weights, each with a subset tag of six capitals (random: it differs from PDF to PDF).
    for (const f of fonts) expect(f.baseFont).toMatch(/^[A-Z]{6}\+NotoSansSC-(Regular|Bold)$/);
    expect(fonts.map((f) => f.baseFont.slice(7)).sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    // A subset: the whole TTF is 10.5 MB.
    for (const f of fonts) expect(f.fontFileBytes).toBeLessThan(60_000);

    const file = save('label-zh', bytes);
    artifact(file, 'label-zh');
    const text = pdfText(file);
    expectText(text, [
      '顺丰速运 SF Express',
      '运单号',
      label.shipLabelBarcode,
      '张伟',
      '138 0013 8000',
      '浙江省杭州市西湖区文三路',
      '收',
      '寄',
    ]);
    expectText(text, [
      '杭州一号仓',
      '订单号',
      label.orderNumber,
      '波次',
      label.waveId,
      '1 / 3',
      '箱型',
      '1.25 kg',
      '件数',
      '箱号',
    ]);
    expect(text).toContain(label.cartonNumber);
    expectText(text, ['打印时间']);

    // Chinese glyphs are drawn, not blank: the big 收 and 寄, the recipient's name, the carrier.
    expect(darkPixels(file, 1, [3, 54, 8, 14])).toBeGreaterThan(60);
    expect(darkPixels(file, 1, [3, 82, 8, 10])).toBeGreaterThan(60);
    expect(darkPixels(file, 1, [14, 45.5, 12, 5])).toBeGreaterThan(40);
    expect(darkPixels(file, 1, [4, 5, 30, 9])).toBeGreaterThan(200);
    // … and an empty stretch is empty (the region check sees what it should).
    expect(darkPixels(file, 1, [14, 66.5, 60, 7])).toBe(0);

    const scanned = scan(file, 1);
    expect(scanned).toContain(label.shipLabelBarcode);
    expect(scanned).toContain(label.cartonNumber);
    expect(scanned).toContain(label.qrText);
  });

  it('prints an en_us label with the English words', async () => {
    const label = sampleLabel(1, { code: 'JD', name: '京东物流 JD Logistics' });
    const { bytes } = await renderLabels([label], 'en_us');
    expect(bytes.length).toBeLessThan(40_000);
    const file = save('label-en', bytes);
    artifact(file, 'label-en');
    const text = pdfText(file);
    expectText(text, [
      '京东物流 JD Logistics',
      'Waybill No.',
      'TO',
      'FROM',
      'Order',
      'Wave',
      '2 of 3',
      'Carton type',
      'Weight',
      'Units',
    ]);
    expectText(text, ['Li Na 李娜']);
    expectText(text, ['Carton No.']);
    expect(text).not.toMatch(/[收寄箱]/);
    const scanned = scan(file, 1);
    expect(scanned).toEqual(expect.arrayContaining([label.shipLabelBarcode, label.cartonNumber, label.qrText]));
  });

  it('prints several labels as the pages of one PDF, in the order given, each scanning to its own carton', async () => {
    const labels = [sampleLabel(5), sampleLabel(3), sampleLabel(4, { code: 'ZTO', name: '中通快递' })];
    const { bytes, pages } = await renderLabels(labels, 'zh_cn');
    expect(pages).toBe(3);
    expect(await pageSizes(bytes)).toHaveLength(3);
    const file = save('labels-3', bytes);
    for (const [i, label] of labels.entries()) {
      expect(pdfText(file, i + 1)).toContain(label.cartonNumber);
      expect(scan(file, i + 1)).toEqual(expect.arrayContaining([label.shipLabelBarcode, label.cartonNumber, label.qrText]));
    }
    // One font subset for all pages: three labels cost far less than three single ones.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('keeps odd data on one tidy page: missing values, very long text, control characters, characters outside the font', async () => {
    const base = sampleLabel(7);
    const label: LabelData = {
      ...base,
      carrierName: '一个名字特别特别特别特别特别特别长的承运商物流有限公司 Very Long Carrier Name',
      customerName: null,
      shipTo: {
        name: null,
        phone: null,
        address: `收件地址\n第二行\t${'很长的地址'.repeat(40)} 🚚`,
        city: null,
      },
      from: { ...base.from, phone: null },
      weight: null,
      cartonSeq: 12,
      cartonCount: 120,
    };
    const { bytes, pages } = await renderLabels([label], 'zh_cn');
    expect(pages).toBe(1);
    const file = save('label-odd', bytes);
    artifact(file, 'label-odd');
    const text = pdfText(file);
    expectText(text, ['12 / 120']);
    expectText(text, ['收件地址 第二行']);
    expectText(text, ['…']);
    expect(scan(file, 1)).toEqual(expect.arrayContaining([label.shipLabelBarcode, label.cartonNumber]));
  });

  it('renders at the same time without mixing documents (one parsed font shared by all)', async () => {
    const batches = [[sampleLabel(10)], [sampleLabel(11), sampleLabel(12)], [sampleLabel(13)], [sampleLabel(14)]];
    const results = await Promise.all(batches.map((labels, i) => renderLabels(labels, i % 2 ? 'en_us' : 'zh_cn')));
    for (const [i, result] of results.entries()) {
      const labels = batches[i] ?? [];
      expect(result.pages).toBe(labels.length);
      const file = save(`concurrent-${i}`, result.bytes);
      const text = pdfText(file);
      expectText(
        text,
        labels.map((l) => l.cartonNumber),
      );
      for (const other of batches.flat().filter((l) => !labels.includes(l))) expect(text).not.toContain(other.cartonNumber);
    }
  });

  it('renders an empty list as an empty PDF', async () => {
    const { bytes, pages } = await renderLabels([], 'en_us');
    expect(pages).toBe(0);
    expect(bytes.length).toBeGreaterThan(0);
  });
});

describe('A4 documents', { timeout: PDF_TEST_MS }, () => {
  it('prints the delivery note: A4, carton table over two pages, totals, signatures, delivery number as Code 128', async () => {
    const data = sampleDelivery(46);
    const { bytes, pages } = await renderDeliveryNote(data, 'zh_cn');
    expect(pages).toBe(2);
    for (const size of await pageSizes(bytes)) {
      expect(size.width).toBeCloseTo(A4[0], 5);
      expect(size.height).toBeCloseTo(A4[1], 5);
      expect(size.width).toBeCloseTo(595.28, 1);
    }
    expect((await fontsOf(bytes)).every((f) => /^[A-Z]{6}\+/.test(f.baseFont))).toBe(true);
    const file = save('delivery', bytes);
    artifact(file, 'delivery-zh');
    const first = pdfText(file, 1);
    expectText(first, [
      '交接单',
      data.deliveryNumber,
      '顺丰速运 SF Express (SF)',
      '杭州一号仓',
      '未发运',
      '箱号',
      '运单号',
      '订单号',
      '收货方',
    ]);
    expect(first).toContain(data.cartons[0]?.cartonNumber);
    expectText(first, ['第 1 / 2 页']);
    const second = pdfText(file, 2);
    expectText(second, ['（续）', data.cartons[45]?.cartonNumber, '合计：46 箱，16 个订单，95.25 kg']);
    expectText(second, ['仓库交货人', '承运商司机', '姓名', '签字', '日期', '车牌号']);
    // Every carton is listed once.
    const all = pdfText(file);
    for (const c of data.cartons) expect(all.split(c.cartonNumber)).toHaveLength(2);
    expect(scan(file, 1)).toContain(data.deliveryNumber);

    const en = await renderDeliveryNote({ ...data, status: 'S', shipTime: '2025-11-25T09:00:00.000Z' }, 'en_us');
    const enFile = save('delivery-en', en.bytes);
    artifact(enFile, 'delivery-en');
    const enText = pdfText(enFile);
    expectText(enText, [
      'Delivery note',
      'Shipped',
      'Total: 46 cartons, 16 orders, 95.25 kg',
      'Received by (carrier driver)',
      'Page 2 of 2',
    ]);
  });

  it('prints the dispatch list: per order ship-to, cartons, weight and every express number, with totals', async () => {
    const data = sampleDispatch(7);
    const { bytes, pages } = await renderDispatchList(data, 'zh_cn');
    expect(pages).toBe(1);
    const [size] = await pageSizes(bytes);
    expect(size?.height).toBeCloseTo(A4[1], 5);
    const file = save('dispatch', bytes);
    artifact(file, 'dispatch-zh');
    const text = pdfText(file);
    expectText(text, ['发货清单', data.deliveryNumber, '深圳市前海微众贸', '欧阳晓明', '7 个订单', '32.5']);
    for (const o of data.orders) {
      expect(text).toContain(o.orderNumber);
      for (const e of o.expressNumbers) expect(text).toContain(e);
    }
    expect(scan(file, 1)).toContain(data.deliveryNumber);

    const en = await renderDispatchList(data, 'en_us');
    const enFile = save('dispatch-en', en.bytes);
    artifact(enFile, 'dispatch-en');
    expectText(pdfText(enFile), ['Dispatch list', '7 orders']);
  });

  it('prints the packing list with a new page per order, its cartons and lines, totals per unit', async () => {
    const data = samplePackage();
    const { bytes, pages } = await renderPackingList(data, 'zh_cn');
    expect(pages).toBe(2);
    const file = save('packing', bytes);
    artifact(file, 'packing-zh');
    for (const [i, order] of data.orders.entries()) {
      const text = pdfText(file, i + 1);
      expectText(text, ['装箱单']);
      expect(text).toContain(order.orderNumber);
      for (const c of order.cartons) expect(text).toContain(c.cartonNumber);
      expectText(text, ['有机纯牛奶 250ml×12 盒装']);
      expectText(text, ['装箱明细']);
      // The other order is not on this page.
      const other = data.orders[1 - i];
      expect(text).not.toContain(other?.orderNumber);
      expect(scan(file, i + 1)).toContain(order.orderNumber);
    }
    expectText(pdfText(file, 2), ['低温酸奶（原味）100g×8 杯 冷藏 2–6℃']);

    const en = await renderPackingList({ ...data, deliveryNumber: null, orders: data.orders.slice(0, 1) }, 'en_us');
    expect(en.pages).toBe(1);
    const enFile = save('packing-en', en.bytes);
    artifact(enFile, 'packing-en');
    const enText = pdfText(enFile);
    expectText(enText, ['Packing list', 'Contents', 'Description', 'Total']);
  });

  it('continues a long packing list on further pages under a repeated header', async () => {
    const data = samplePackage();
    const order = data.orders[0]!;
    const lines = Array.from({ length: 90 }, (_, i) => ({ ...order.lines[i % order.lines.length]!, qty: `${i + 1}.000` }));
    const { bytes, pages } = await renderPackingList({ ...data, orders: [{ ...order, lines }] }, 'en_us');
    expect(pages).toBeGreaterThanOrEqual(3);
    const file = save('packing-long', bytes);
    const last = pdfText(file, pages);
    expect(last).toContain(`Packing list ${order.orderNumber} (continued)`);
    expectText(last, ['Carton No.']);
    expect(last).toContain(`Page ${pages} of ${pages}`);
  });
});

describe('proof of delivery', { timeout: PDF_TEST_MS }, () => {
  const signature = checkPng(encodePng(40, 12, 0, Buffer.alloc(41 * 12)), {
    maxBytes: 300 * 1024,
    maxWidth: 2000,
    maxHeight: 1000,
  });
  const proof = (stationSignedAt: string, signaturePng = signature) => ({
    driverName: 'Wang Lei',
    vehiclePlate: 'SH-A1234',
    carrierCode: 'SF',
    signedAt: '2026-03-10T08:30:00.000Z',
    stationSignedAt,
    stationName: 'DOCK-01',
    userName: 'loader',
    signaturePng,
  });

  it("prints the station's clock beside the server's signing time only when off by more than the tolerance, in both languages", async () => {
    const data = sampleDelivery(3);
    const off = '9999-12-31T12:00:00.000Z';
    const within = new Date(Date.parse('2026-03-10T08:30:00.000Z') - STATION_CLOCK_TOLERANCE_MS).toISOString();
    const zh = pdfText(save('pod-zh', (await renderDeliveryNote(data, 'zh_cn', proof(off))).bytes));
    expectText(zh, [
      `司机于${formatTime('2026-03-10T08:30:00.000Z')}（终端时钟为${formatTime(off)}，与服务器时间不符）在终端DOCK-01签收`,
    ]);
    const en = pdfText(save('pod-en', (await renderDeliveryNote(data, 'en_us', proof(off))).bytes));
    expectText(en, [
      `Signed by the driver at ${formatTime('2026-03-10T08:30:00.000Z')} (the station's clock read ${formatTime(off)}`,
    ]);
    for (const language of ['zh_cn', 'en_us'] as const) {
      const text = pdfText(save(`pod-${language}-within`, (await renderDeliveryNote(data, language, proof(within))).bytes));
      expect(squash(text)).toContain(squash(formatTime('2026-03-10T08:30:00.000Z')));
      expect(text).not.toMatch(/终端时钟|station's clock/);
    }
  });

  /**
   * The station's pad at 1280 × 800 (1232 × 610 px) and a wide one (1600 × 400 px, too wide for the driver's box at
   * 25 mm: printed under both boxes), each with the station's 3.5 px pen, drawn as a red frame along the pad's edges
   * (so the ink's box is the printed image's) and a red stroke across its middle; rendered by poppler at 400 dpi.
   */
  // Two pads encoded, printed, rendered at 400 dpi and scanned pixel by pixel: all CPU, shared with the other suites
  // (34 s in a loaded CI run): its own time limit.
  it("prints the driver's signature legibly: at least 25 mm high, the pad's aspect kept, strokes at least 0.6 pt", async () => {
    const pads = [[1232, 610, 'zh_cn'] as const, [1600, 400, 'en_us'] as const];
    for (const [width, height, language] of pads) {
      const pen = 3.5;
      const rows = Buffer.alloc((width * 4 + 1) * height);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          // Red everywhere, opaque only on the ink: smoothing a scaled image then never blends the ink with black.
          const frame = x < pen || y < pen || x >= width - pen || y >= height - pen;
          const ink = frame || Math.abs(y - height / 2) < pen / 2;
          rows.set([255, 0, 0, ink ? 255 : 0], y * (width * 4 + 1) + 1 + x * 4);
        }
      const pad = checkPng(encodePng(width, height, 6, rows), { maxBytes: 300 * 1024, maxWidth: 2000, maxHeight: 1000 });
      const { bytes } = await renderDeliveryNote(sampleDelivery(3), language, proof('2026-03-10T08:30:00.000Z', pad));
      artifact(save(`pod-signature-${width}`, bytes), `pod-signature-${width}`);
      const pt = 400 / 72;
      const [page] = renderPages(bytes, 400);
      const ink = page && inkBox(page, 'red');
      if (!page || !ink) throw new Error('the signature is not printed');
      const inkHeight = (ink.bottom - ink.top) / pt;
      const inkWidth = (ink.right - ink.left) / pt;
      expect(inkHeight, `${width}`).toBeGreaterThanOrEqual(SIGNATURE_MIN_HEIGHT);
      // The pad's aspect: the frame's outer edges, less the widening of the strokes on both sides.
      expect((inkWidth - SIGNATURE_MIN_STROKE) / (inkHeight - SIGNATURE_MIN_STROKE)).toBeCloseTo(width / height, 1);
      // Stroke widths down a column (top, middle and bottom lines) and along a row (left and right lines).
      const runs = (points: [number, number][]) => {
        const found: number[] = [];
        let run = 0;
        for (const [x, y] of points) {
          if (isInk(page, x, y, 'red')) run++;
          else if (run > 0) {
            found.push(run / pt);
            run = 0;
          }
        }
        if (run > 0) found.push(run / pt);
        return found;
      };
      const column = Math.round((ink.left + ink.right) / 2);
      const row = Math.round(ink.top + (ink.bottom - ink.top) / 4);
      const across = runs(Array.from({ length: ink.bottom - ink.top + 2 }, (_, i) => [column, ink.top - 1 + i]));
      const along = runs(Array.from({ length: ink.right - ink.left + 2 }, (_, i) => [ink.left - 1 + i, row]));
      expect(across, `${width}`).toHaveLength(3);
      expect(along, `${width}`).toHaveLength(2);
      for (const stroke of [...across, ...along]) expect(stroke, `${width}`).toBeGreaterThanOrEqual(SIGNATURE_MIN_STROKE);
    }
  }, 120_000);
});

describe('text kit', () => {
  it('wraps Chinese between characters, keeps Latin words and brackets whole, and never overflows', async () => {
    const { fonts } = await openDocument('t', 'zh_cn');
    const width = 40 * MM;
    const text = '浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 1205 室（前台代收）Acme Trading (Shanghai) Co., Ltd.';
    const lines = wrapText(text, fonts.regular, 10, width);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    for (const word of ['Acme', 'Trading', '(Shanghai)', 'Co.,', 'Ltd.']) expect(lines.some((l) => l.includes(word))).toBe(true);
    expect(lines.some((l) => l.endsWith('（') || l.endsWith('('))).toBe(false);
    expect(lines.some((l) => /^[，。）)]/.test(l))).toBe(false);
    // A word wider than a line is cut.
    const long = wrapText('X'.repeat(80), fonts.regular, 10, width);
    expect(long.length).toBeGreaterThan(1);
  });

  it('has the same words in both languages, none empty', () => {
    expect(Object.keys(TEXTS.en_us).sort()).toEqual(Object.keys(TEXTS.zh_cn).sort());
    for (const dict of Object.values(TEXTS)) for (const v of Object.values(dict)) expect(v.trim()).not.toBe('');
  });
});
