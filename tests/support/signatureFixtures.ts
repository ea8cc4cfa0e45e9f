/**
 * What the signature tool's tests and benchmark share: a real signature PNG made without a browser, a multi-page PDF
 * with Chinese text (Noto Sans SC through the shipping documents' kit, as the server embeds it), and a reader that
 * lists the images each page of a PDF draws, with the matrix they are drawn under.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { A4, openDocument, text } from '../../src/server/modules/shipping/documents/pdfKit';
import { encodePng } from './png';

/**
 * An RGBA PNG of the 300 × 200 signature canvas at `scale` (1: what the signature tool embeds, as strokesToPng makes it
 * with scale 1): a transparent background with a dark, looping signature-like stroke.
 */
export function signaturePng(scale = 1): Uint8Array {
  const width = 300 * scale;
  const height = 200 * scale;
  const rows = Buffer.alloc((width * 4 + 1) * height);
  const ink = (x: number, y: number) => {
    for (let dy = -3; dy <= 3; dy++)
      for (let dx = -3; dx <= 3; dx++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height || dx * dx + dy * dy > 9) continue;
        const at = py * (width * 4 + 1) + 1 + px * 4;
        rows.set([16, 36, 62, 255], at);
      }
  };
  for (let t = 0; t <= 1; t += 0.0005) {
    ink(scale * (20 + 260 * t), scale * (100 + 55 * Math.sin(t * 14) * (1 - t * 0.5) - 20 * Math.cos(t * 31)));
  }
  return new Uint8Array(encodePng(width, height, 6, rows));
}

/** An A4 PDF of `pages` pages, each with a Chinese and Latin heading and a few lines of Chinese text. */
export async function chinesePdf(pages: number): Promise<Uint8Array> {
  const { pdf, fonts } = await openDocument('签收单 Delivery receipt', 'zh_cn');
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage(A4);
    text(page, `签收单 第 ${n} 页 — Delivery receipt page ${n}`, 50, 780, { font: fonts.bold, size: 18 });
    const lines = ['收货人：上海浦东仓 张三', '货物：电子产品 共 12 箱，外包装完好', '备注：请在右下角签名确认收货'];
    lines.forEach((line, i) => {
      text(page, line, 50, 740 - i * 24, { font: fonts.regular, size: 12 });
    });
  }
  return pdf.save();
}

/** An image a page draws: its XObject, the width and height in pixels, and the `cm` matrix in force when drawn. */
export interface DrawnImage {
  ref: string;
  pixels: [number, number];
  matrix: number[];
}

/**
 * The images each page draws with a `cm` immediately before `Do` inside its own `q … Q` (how signPdf stamps), read
 * back with pdf-lib: page index → images.
 */
export async function drawnImages(bytes: Uint8Array): Promise<DrawnImage[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const source = streams
      .map((item) => (item instanceof PDFRef ? pdf.context.lookup(item) : item))
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .join('\n');
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    const images: DrawnImage[] = [];
    for (const match of source.matchAll(/q\s+((?:-?[\d.]+\s+){6})cm\s+\/(\S+)\s+Do\s+Q/g)) {
      const ref = xObjects?.get(PDFName.of(match[2] ?? ''));
      const object = ref instanceof PDFRef ? pdf.context.lookup(ref) : undefined;
      if (!(ref instanceof PDFRef) || !(object instanceof PDFRawStream)) continue;
      if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const size = (key: string) => Number(object.dict.get(PDFName.of(key))?.toString());
      images.push({
        ref: ref.toString(),
        pixels: [size('Width'), size('Height')],
        matrix: (match[1] ?? '').trim().split(/\s+/).map(Number),
      });
    }
    return images;
  });
}
